import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';

/**
 * Tells every follower of `authorUid` that a story of theirs just became public, so open
 * feeds can show the "new stories" pill. Called inside the transaction that makes the story
 * public (created public, or made public), as its last step: the events commit with it.
 * Followers who muted the author hear nothing; their feed would not show the story anyway.
 */
export async function tellFollowersOfStory(ctx: ServerContext, trx: Transaction<Database>, authorUid: string, storyId: string): Promise<void> {
  // An anonymous contest entry is news to no one until its results are out.
  const entry = await trx.selectFrom('stories').select('contestId').where('id', '=', storyId).executeTakeFirst();
  if (entry?.contestId) return;
  const now = new Date().toISOString();
  const followers = await trx
    .selectFrom('follows as f')
    .select('f.followerUid')
    .where('f.followeeUid', '=', authorUid)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mutes as mu')
            .select('mu.muterUid')
            .whereRef('mu.muterUid', '=', 'f.followerUid')
            .where('mu.mutedUid', '=', authorUid)
            .where((eb) => eb.or([eb('mu.until', 'is', null), eb('mu.until', '>', now)])),
        ),
      ),
    )
    .execute();
  for (const { followerUid } of followers) {
    await ctx.bus.record(trx, userTopic(followerUid), 'feed.published', { storyId, authorUid });
  }
}
