/** What the rest of the app takes from the story screens: sending the saves made offline (the signed-in shell, app/LiveEvents.tsx). */
export { sendQueuedSaves } from './editor/sync-queue';
