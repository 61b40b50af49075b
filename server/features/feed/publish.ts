import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { userTopic } from '../../events/bus';
import { contestOfStory, followersNotMuting } from './queries';

/**
 * Tells every follower of `authorUid` that a story of theirs just became public, so open
 * feeds can show the "new stories" pill. Called inside the transaction that makes the story
 * public (created public, or made public), as its last step: the events commit with it.
 * Followers who muted the author hear nothing; their feed would not show the story anyway.
 */
export async function tellFollowersOfStory(ctx: ServerContext, trx: Transaction<Database>, authorUid: string, storyId: string): Promise<void> {
  // An anonymous contest entry is news to no one until its results are out.
  const entry = await contestOfStory(trx, storyId);
  if (entry?.contestId) return;
  const now = new Date().toISOString();
  const followers = await followersNotMuting(trx, authorUid, now);
  for (const { followerUid } of followers) {
    await ctx.bus.record(trx, userTopic(followerUid), 'feed.published', { storyId, authorUid });
  }
}
