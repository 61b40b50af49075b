import { notFound } from '../http/errors';
import type { Viewer } from './viewer';

/**
 * Who may see a writer's public profile (its public fields, public statistics and public
 * stories): anyone, guests too, like public stories. A missing one is 'User not found'.
 * A writer who blocks the viewer is exactly as missing (`blocksViewer`, relations.ts), never
 * "you are blocked"; the blocker still sees the profile of the writer they block (to unblock),
 * though not their stories (readableBy hides those).
 *
 * Changing a profile needs no rule here: the /api/me routes act on the session's own record
 * and take no uid, so "own" holds by construction. An admin-any edit would be added here.
 */
export const USER_NOT_FOUND = 'User not found';

export type ProfileAction = 'read';

/** What the rules look at: the profile's uid and, for a signed-in viewer, whether its writer blocks them. */
export interface ProfileFacts {
  uid: string;
  blocksViewer?: boolean;
}

const rules: Record<ProfileAction, (viewer: Viewer, profile: ProfileFacts) => boolean> = {
  read: (_viewer, profile) => profile.blocksViewer !== true,
};

export const profilePolicy = {
  can: (viewer: Viewer, action: ProfileAction, profile: ProfileFacts): boolean => rules[action](viewer, profile),
};

/** 404 when the profile is missing or the viewer may not see it; afterwards it is known to exist. */
export function authorizeProfile<P extends ProfileFacts>(viewer: Viewer, action: ProfileAction, profile: P | null | undefined): asserts profile is P {
  if (!profile || !rules[action](viewer, profile)) throw notFound(USER_NOT_FOUND);
}
