import { NoticeScreen } from './NoticeScreen';

/** "Page not found": the catch-all route's screen, and /:at's for an address that is no handle (features/profile/HandleProfileScreen.tsx). */
export function PageNotFound() {
  return <NoticeScreen title="Page not found" text="There is nothing at this address." centered />;
}
