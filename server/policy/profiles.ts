import { sql, type Expression, type SqlBool } from 'kysely';
import { USER_NOT_FOUND } from '@common/profile/profile';
import { notFound } from '../http/errors';
import type { Viewer } from './viewer';

/**
 * Who may see a writer's public profile (its public fields, public statistics and public
 * stories): anyone, guests too, like public stories. A missing one is 'User not found'.
 * A suspended, deactivated or deleted account is missing to everyone (admins see it on /admin/users).
 * A writer who blocks the viewer is exactly as missing (`blocksViewer`, relations.ts), never
 * "you are blocked"; the blocker still sees the profile of the writer they block (to unblock),
 * though not their stories (readableBy hides those).
 *
 * Changing a profile needs no rule here: the /api/me routes act on the session's own record
 * and take no uid, so "own" holds by construction. An admin-any edit would be added here.
 */
export { USER_NOT_FOUND };

export type ProfileAction = 'read';

/**
 * What the rules look at: the profile's uid, whether the account is hidden (suspended,
 * deactivated or deleted: `accountHidden`) and, for a signed-in viewer, whether its
 * writer blocks them.
 */
export interface ProfileFacts {
  uid: string;
  hidden: boolean;
  blocksViewer?: boolean;
}

/** The account columns that hide a profile (and its stories, through stories.authorState). */
export const HIDING_COLUMNS = ['suspendedAt', 'deactivatedAt', 'deletedAt'] as const;
export const accountHidden = (u: Record<(typeof HIDING_COLUMNS)[number], string | null>): boolean =>
  u.suspendedAt !== null || u.deactivatedAt !== null || u.deletedAt !== null;

/** SQL: the users row aliased `alias` is an account shown to others (accountHidden's negation). */
export const accountShown = (alias: string): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.suspendedAt`)} is null and ${sql.ref(`${alias}.deactivatedAt`)} is null and ${sql.ref(`${alias}.deletedAt`)} is null)`;

const rules: Record<ProfileAction, (viewer: Viewer, profile: ProfileFacts) => boolean> = {
  read: (_viewer, profile) => !profile.hidden && profile.blocksViewer !== true,
};

export const profilePolicy = {
  can: (viewer: Viewer, action: ProfileAction, profile: ProfileFacts): boolean => rules[action](viewer, profile),
};

/** 404 when the profile is missing or the viewer may not see it; afterwards it is known to exist. */
export function authorizeProfile<P extends ProfileFacts>(viewer: Viewer, action: ProfileAction, profile: P | null | undefined): asserts profile is P {
  if (!profile || !rules[action](viewer, profile)) throw notFound(USER_NOT_FOUND);
}
