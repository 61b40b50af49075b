import type { Transaction } from 'kysely';
import { PUBLIC_STORIES_TOPIC, SESSIONS_TOPIC, type SessionEndReason } from '@common/events/live-events';
import { AUTHOR_STATE, authorStateOf } from '@common/moderation/moderation';
import type { ServerContext } from '../context';
import type { Database } from '../db/types';
import type { Dialect } from '../db/database';
import { userTopic } from '../events/bus';
import { findSessionUser, publishUserChanged } from './users';
import { forUpdate } from '../db/locks';

/**
 * Every change of an account's standing (warned, limited, suspended, deactivated, deleted)
 * goes through here, so its consequences cannot be forgotten:
 * - the account's state is copied onto its stories (`stories.authorState`), which every list
 *   filters on (readable-stories.ts) without joining users; when any changed, `stories.changed`
 *   on the public topic drops every instance's shared community page;
 * - with a reason, every session of the account ends at once: better-auth's rows go in the
 *   same transaction, open tabs hear `session.ended` (their streams close), and every server
 *   instance hears `sessions.ended` and forgets the sessions it cached (auth/session-cache.ts),
 *   so no instance honours the cookie for its cache's few seconds;
 * - the person's own tabs get their new record when they still have one.
 */
export async function changeAccountState<T>(
  ctx: ServerContext,
  uid: string,
  endSessions: SessionEndReason | null | ((written: T) => SessionEndReason | null),
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let ending: SessionEndReason | null = null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const written = await write(trx);
    // A function decides from what the write did (a purge that lost to "Cancel deletion" ends nothing).
    ending = typeof endSessions === 'function' ? endSessions(written) : endSessions;
    // Every instance's shared community page drops (stories/community-page.ts listens); open lists refetch.
    if (await syncAuthorState(trx, uid)) await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', { uid });
    if (ending) {
      await trx.deleteFrom('authSessions').where('userId', '=', uid).execute();
      await ctx.bus.record(trx, userTopic(uid), 'session.ended', { reason: ending });
      await ctx.bus.record(trx, SESSIONS_TOPIC, 'sessions.ended', { uid });
    }
    if (await findSessionUser(trx, uid)) await publishUserChanged(ctx, trx, uid);
    return written;
  });
  // This instance need not wait for the events to come round (by NOTIFY on PostgreSQL, a moment
  // later): its session cache forgets the account now, and its listeners (the shared community
  // page among them) hear the events before the change is reported done.
  if (ending) ctx.auth.sessionCache.evictUser(uid);
  await ctx.bus.flush();
  return result;
}

/** Copies the account's state onto its stories (only the rows that differ are written); whether any changed. */
export async function syncAuthorState(trx: Transaction<Database>, uid: string): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['suspendedAt', 'deactivatedAt', 'limitedAt']).where('uid', '=', uid).executeTakeFirst();
  if (!user) return false;
  const state = authorStateOf(user);
  const changed = await trx.updateTable('stories').set({ authorState: state }).where('uid', '=', uid).where('authorState', '!=', state).executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

/**
 * The authorState a story saved now gets: its writer's. Read under the users row's lock on
 * PostgreSQL (SQLite has one writer), so a limit or suspension committing meanwhile either waits
 * for this save, and then copies its state onto the new story too, or is seen here. An update
 * lock, not a share lock: the save updates the same row later (the streak), and two saves each
 * holding a share lock would deadlock upgrading it.
 */
export async function currentAuthorState(trx: Transaction<Database>, dialect: Dialect, uid: string): Promise<number> {
  const user = await lockWriter(trx, dialect, uid);
  return user ? authorStateOf(user) : AUTHOR_STATE.visible;
}

/**
 * The writer's users row, held until commit on PostgreSQL, with the columns of their standing.
 * A transaction that changes a writer's stories takes it before any story's row: a change of
 * standing takes it and then updates all their stories (syncAuthorState), so a save holding a
 * story while it waited for the writer's row would deadlock with it.
 */
export function lockWriter(trx: Transaction<Database>, dialect: Dialect, uid: string) {
  return trx
    .selectFrom('users')
    .select(['suspendedAt', 'deactivatedAt', 'limitedAt'])
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}
