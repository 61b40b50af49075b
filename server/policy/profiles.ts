import { notFound } from '../http/errors';
import type { Viewer } from './viewer';

/**
 * Who may see a writer's public profile (its public fields, public statistics and public
 * stories): anyone, guests too, like public stories. A missing one is 'User not found'.
 *
 * Changing a profile needs no rule here: the /api/me routes act on the session's own record
 * and take no uid, so "own" holds by construction. An admin-any edit would be added here.
 */
export const USER_NOT_FOUND = 'User not found';

export type ProfileAction = 'read';

const rules: Record<ProfileAction, (viewer: Viewer, profile: { uid: string }) => boolean> = {
  read: () => true,
};

export const profilePolicy = {
  can: (viewer: Viewer, action: ProfileAction, profile: { uid: string }): boolean => rules[action](viewer, profile),
};

/** 404 when the profile is missing or the viewer may not see it; afterwards it is known to exist. */
export function authorizeProfile<P extends { uid: string }>(viewer: Viewer, action: ProfileAction, profile: P | null | undefined): asserts profile is P {
  if (!profile || !rules[action](viewer, profile)) throw notFound(USER_NOT_FOUND);
}
