import type { Transaction } from 'kysely';
import { profileTopic } from '@common/events/live-events';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { profileCounts } from './queries';

/**
 * Records each writer's exact follower counts (`profile.counts`) for the tabs showing their
 * profile. Called inside the transaction that moved the counts, after the move.
 */
export async function recordProfileCounts(ctx: ServerContext, trx: Transaction<Database>, uids: readonly string[]): Promise<void> {
  const rows = await profileCounts(trx, uids);
  for (const row of rows) {
    await ctx.bus.record(trx, profileTopic(row.uid), 'profile.counts', {
      uid: row.uid,
      followersCount: Number(row.followersCount),
      followingCount: Number(row.followingCount),
    });
  }
}
