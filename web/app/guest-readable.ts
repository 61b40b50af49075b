import { useMatches } from 'react-router';

/*
 * The screens a guest may read (router.tsx marks their routes): someone waiting for approval
 * reads them too, as the server answers them as a guest (server/features/registration/gate.ts);
 * every other screen shows them the waiting card.
 */

export interface GuestReadableHandle {
  guestReadable: true;
}

export const GUEST_READABLE: GuestReadableHandle = { guestReadable: true };

/** Whether the screen on show is one a guest may read. */
export function useGuestReadableScreen(): boolean {
  return useMatches().some((match) => (match.handle as Partial<GuestReadableHandle> | undefined)?.guestReadable === true);
}
