import { onDemand } from '../lib/on-demand';

/*
 * What the shell loads only for a signed-in person. SignInGate starts loading them as soon as
 * GET /api/me names someone, while React is still rendering the page: the live stream then
 * opens, and the bar's signed-in half appears, with the page rather than a round trip after it.
 */

/** The live-event stream (LiveEvents.tsx): its handlers and event schemas. */
export const liveEventsPart = onDemand(() => import('./LiveEvents'));

/** The top bar's signed-in half (nav/SignedInNav.tsx). */
export const signedInNavPart = onDemand(() => import('./nav/SignedInNav'));

/** The banner over every page while the address is unverified (VerifyEmailBanner.tsx). */
export const verifyBannerPart = onDemand(() => import('./VerifyEmailBanner'));

/** What a deactivated account sees instead of the app: the deletion date, "Cancel deletion", the export. */
export const deactivatedPart = onDemand(() => import('../features/account-deletion'));

/** What an account waiting for approval sees instead of the app. */
export const waitingPart = onDemand(() => import('../features/registration'));
