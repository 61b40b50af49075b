import type { Transaction } from 'kysely';
import { PUBLIC_STORIES_TOPIC, storyTopic, type LiveEventPayload } from '@common/events/live-events';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { findStoryCounts, reactionSummary } from './queries';

/**
 * Records a story's exact counts (`story.counts`) for the tabs showing it: on its own topic
 * always, and on the public topic when the story is public so community and profile cards
 * refresh too. Called inside the transaction that changed the counts, after the change, so
 * the figures are the committed ones and the event exists only if the change does.
 */
export async function recordStoryCounts(ctx: ServerContext, trx: Transaction<Database>, storyId: string): Promise<void> {
  const story = await findStoryCounts(trx, storyId);
  // An anonymous contest entry's counts cannot change (reactions and comments are closed) and the event names its author.
  if (!story || story.contestId !== null) return;
  const { counts } = await reactionSummary(trx, storyId, null);
  const payload: LiveEventPayload<'story.counts'> = {
    storyId,
    uid: story.uid,
    likesCount: Number(story.likesCount),
    commentsCount: Number(story.commentsCount),
    reactions: counts,
  };
  await ctx.bus.record(trx, storyTopic(storyId), 'story.counts', payload);
  if (fromDbBool(story.public)) await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'story.counts', payload);
}

/** A comment on the story was posted or deleted: open story pages refetch the comments. */
export async function recordStoryComment(
  ctx: ServerContext,
  trx: Transaction<Database>,
  storyId: string,
  commentId: string,
  change: LiveEventPayload<'story.comments'>['change'],
): Promise<void> {
  await ctx.bus.record(trx, storyTopic(storyId), 'story.comments', { storyId, commentId, change });
}

/**
 * A public story left the shared shelves, for everyone (made private, deleted, removed) or for
 * some readers (a content warning they hide was added): `stories.changed` on the public topic,
 * in the transaction that did it. Every instance's shared community page drops once it hears the
 * event, and a request that starts after the change was answered hears it first wherever it is
 * answered (EventBus.caughtUp); open lists refetch. An anonymous contest entry's event names no one.
 */
export async function recordStoryLeftShelves(ctx: ServerContext, trx: Transaction<Database>, story: { uid: string; public: number | boolean; contestId: string | null }): Promise<void> {
  if (!fromDbBool(story.public)) return;
  await ctx.bus.record(trx, PUBLIC_STORIES_TOPIC, 'stories.changed', story.contestId === null ? { uid: story.uid } : {});
}
