import { promptColumns, textColumns, warningColumns } from './columns';
import { currentAuthorState, lockWriter } from '../../shared/account-state';
import { localDay, wordsAdded, type Progress } from '@common/streaks/streak';
import { answeredPromptDay, promptForDay, samePrompt, type Prompt } from '@common/prompts/prompts';
import { awardBadges } from '../badges';
import type { Story, storyCreateSchema, storyUpdateSchema } from '@common/stories/story';
import type { z } from 'zod';
import type { ServerContext } from '../../context';
import type { Actor } from '../../shared/actor';
import { toDbBool } from '../../db/bool';
import { logUserOf, recordSystemEvent } from '../../shared/audit-log';
import { addWritingWords, loadProgress, resolveTimeZone, syncStreakAndTell } from '../streaks';
import { tellFollowersOfStory } from '../feed';
import { authorSnapshot } from '../../shared/author';
import { newId } from '../../shared/ids';
import { eraseStories } from '../../shared/owned-rows';
import { authorizeStory } from '../../policy/stories';
import type { Viewer } from '../../policy/viewer';
import { addPendingWords, clearPublishSchedule, findStoryRowFor, insertStory, lockStory, reactionSummary, toStory, updateStoryRow, type StoryTextRow } from './queries';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { changesText, keepVersion } from './versions';
import { recordStoryLeftShelves } from './live';
import { setStoryTags } from '../tags';
import { contestOpenTo } from '../contests';
import { STORY_TEXTS } from '@common/stories/texts';
import { conflict } from '../../http/errors';

export interface SavedStory {
  story: Story;
  progress: Progress;
}

type CreateInput = z.output<typeof storyCreateSchema>;
type UpdateInput = z.output<typeof storyUpdateSchema>;

export async function getStory(ctx: ServerContext, viewer: Viewer, id: string): Promise<Story> {
  const row = await findStoryRowFor(ctx.db, viewer, id);
  authorizeStory(viewer, 'read', row);
  return toStory(row, viewer, await reactionSummary(ctx.db, id, viewer?.uid ?? null));
}

/** Saves a new story; its words count towards today in the writer's zone. */
export async function createStory(ctx: ServerContext, actor: Actor, input: CreateInput, now = new Date()): Promise<SavedStory> {
  const { uid } = actor.user;
  const id = newId();
  const at = now.toISOString();
  const text = textColumns(input.content);
  await ctx.db.transaction().execute(async (trx) => {
    const zone = await resolveTimeZone(trx, uid, input.timezone);
    const authorState = await currentAuthorState(trx, ctx.dialect, uid);
    // Written for a contest open to this writer: saved private (entering publishes it without
    // their name), and its words wait for the reveal, since a streak or badge moving now would name the entrant.
    const forContest = input.contestId === undefined ? null : await contestOpenTo(trx, input.contestId, uid, now);
    const isPublic = input.public && forContest === null;
    await insertStory(trx, {
      id,
      uid,
      title: input.title,
      ...text,
      public: toDbBool(isPublic),
      created_at: at,
      updated_at: at,
      madePublicAt: isPublic ? at : null,
      publishedAt: isPublic ? at : null,
      madePrivateAt: null,
      contestId: forContest,
      wordsPending: forContest === null ? 0 : text.wordCount,
      ...promptColumns(input.prompt),
      ...warningColumns(input),
      promptDay: answeredPromptDay(input.prompt, now, input.promptDay),
      ...authorSnapshot(actor.user),
      authorState,
    });
    if (input.tags.length > 0) await setStoryTags(trx, id, input.tags, at);
    if (forContest === null) await addWritingWords(trx, uid, localDay(now, zone), wordsAdded(null, text.wordCount));
    // A save that moves the streak tells the writer's open tabs, at commit.
    await syncStreakAndTell(ctx, trx, uid, now);
    await awardBadges(ctx, trx, uid, at);
    if (isPublic) await tellFollowersOfStory(ctx, trx, uid, id);
  });
  const progress = await loadProgress(ctx.db, uid, now);
  return { story: await getStory(ctx, actor.user, id), progress };
}

/**
 * Edits the owner's story. Words added (never removed) count towards today. A save that changes
 * the title, text or prompt keeps the old ones as a version; `restoring` (a version being
 * restored) is never the one dropped to keep the cap.
 */
export async function updateStory(ctx: ServerContext, actor: Actor, id: string, input: UpdateInput, now = new Date(), restoring?: string): Promise<SavedStory> {
  const { uid } = actor.user;
  const at = now.toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    // The writer's row before the story's, as a change of their standing takes them (lockWriter).
    await lockWriter(trx, ctx.dialect, uid);
    const row = await lockStory(trx, ctx.dialect, id);
    authorizeStory(actor.user, 'edit', row);
    const zone = await resolveTimeZone(trx, uid, input.timezone);
    const text = input.content === undefined ? null : textColumns(input.content);
    const wordCount = text ? text.wordCount : Number(row.wordCount);
    // Only a real change of the title, text or prompt dates the story and keeps the text as it was as a version.
    const textChanged = changesText(row, { title: input.title, content: text?.content, prompt: input.prompt });
    // An edit begun on an older text (saved offline) never replaces a newer one unseen.
    if (textChanged && input.baseUpdatedAt !== undefined && Date.parse(input.baseUpdatedAt) !== Date.parse(String(row.updated_at))) {
      throw conflict(STORY_TEXTS.editConflict);
    }
    const visibility = input.public === undefined ? null : visibilityChange(row.public === 1, input.public, at);
    if (textChanged) await keepVersion(trx, row, at, restoring);
    const changes = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(text ?? {}),
      ...(input.prompt !== undefined ? { ...promptColumns(input.prompt), promptDay: promptDayAfterEdit(row, input.prompt) } : {}),
      ...warningColumns(input),
      ...(textChanged ? { updated_at: at, ...authorSnapshot(actor.user) } : {}),
      ...(visibility ?? {}),
    };
    // Making a public story public again has nothing to write (an empty SET is not SQL).
    if (Object.keys(changes).length > 0) await updateStoryRow(trx, id, changes);
    if (input.tags !== undefined) await setStoryTags(trx, id, input.tags, at);
    const added = wordsAdded(Number(row.wordCount), wordCount);
    // An unrevealed contest entry's words wait for the reveal, as when it was written (createStory).
    if (row.contestId === null) await addWritingWords(trx, uid, localDay(now, zone), added);
    else if (added > 0) await addPendingWords(trx, id, added);
    await syncStreakAndTell(ctx, trx, uid, now);
    await awardBadges(ctx, trx, uid, at);
    if (visibility && input.public) await clearPublishSchedule(trx, id);
    if (visibility && input.public) await tellFollowersOfStory(ctx, trx, uid, id);
    // Made private, or given a warning some readers hide: it leaves shelves on every instance.
    const warningsChanged = changes.contentWarnings !== undefined && changes.contentWarnings !== Number(row.contentWarnings);
    if ((visibility && !input.public) || warningsChanged) await recordStoryLeftShelves(ctx, trx, row);
    return { toggled: visibility !== null };
  });
  if (result.toggled) await logVisibility(ctx, actor, id, input.public === true);
  const progress = await loadProgress(ctx.db, uid, now);
  return { story: await getStory(ctx, actor.user, id), progress };
}

/** A story keeps the prompt day it answers while its prompt stays that day's; a new prompt answers a day only if it was that day's when the story was written. */
function promptDayAfterEdit(row: { promptDay: string | null; created_at: string }, prompt: Prompt | null): string | null {
  if (row.promptDay && samePrompt(prompt, promptForDay(row.promptDay))) return row.promptDay;
  return answeredPromptDay(prompt, new Date(row.created_at));
}

/** The columns a visibility change writes, or null when nothing changes (spec section 4). */
function visibilityChange(isPublic: boolean, makePublic: boolean, at: string) {
  if (isPublic === makePublic) return null;
  return makePublic ? { public: toDbBool(true), madePublicAt: at, publishedAt: at } : { public: toDbBool(false), madePrivateAt: at, publishedAt: null };
}

/** The log of a visibility change; `actor` null for one the story's schedule made (scheduled-publishing). */
export async function logVisibility(ctx: ServerContext, actor: Actor | null, storyId: string, isPublic: boolean): Promise<void> {
  await recordSystemEvent(ctx.db, ctx.logger, {
    type: 'story_public_toggle',
    action: isPublic ? 'make_public' : 'make_private',
    user: actor ? logUserOf(actor.user) : null,
    resource: `stories/${storyId}`,
    details: actor ? { storyId, public: isPublic } : { storyId, public: isPublic, scheduled: true },
    ip: actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
  });
}

/**
 * Private → public records madePublicAt and tells the writer's followers; public → private
 * records madePrivateAt and takes it off shelves. In the caller's transaction, which holds the
 * story's row (lockStory). The Publish button and a story's schedule (scheduled-publishing)
 * both publish through here. Answers whether anything changed.
 */
export async function changeVisibility(ctx: ServerContext, trx: Transaction<Database>, row: StoryTextRow, makePublic: boolean, now: Date): Promise<boolean> {
  const change = visibilityChange(row.public === 1, makePublic, now.toISOString());
  if (change) await updateStoryRow(trx, row.id, change);
  // Published by hand before its time: the schedule has nothing left to do.
  if (change && makePublic) await clearPublishSchedule(trx, row.id);
  if (change && makePublic) await tellFollowersOfStory(ctx, trx, row.uid, row.id);
  if (change && !makePublic) await recordStoryLeftShelves(ctx, trx, row);
  return change !== null;
}

/** Private → public records madePublicAt; public → private records madePrivateAt. */
export async function setVisibility(ctx: ServerContext, actor: Actor, id: string, makePublic: boolean, now = new Date()): Promise<Story> {
  const toggled = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, id);
    authorizeStory(actor.user, 'changeVisibility', row);
    return changeVisibility(ctx, trx, row, makePublic, now);
  });
  if (toggled) await logVisibility(ctx, actor, id, makePublic);
  return getStory(ctx, actor.user, id);
}

/** Deletes the owner's story with every row hanging off it (shared/owned-rows.ts STORY_ROWS). */
export async function deleteStory(ctx: ServerContext, actor: Actor, id: string): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockStory(trx, ctx.dialect, id);
    authorizeStory(actor.user, 'delete', row);
    await eraseStories(trx, [id]);
    await recordStoryLeftShelves(ctx, trx, row);
    return row;
  });
  await recordSystemEvent(ctx.db, ctx.logger, {
    type: 'story_deleted',
    action: 'delete',
    user: logUserOf(actor.user),
    resource: `stories/${id}`,
    details: {
      storyId: id,
      public: deleted.public === 1,
      wordCount: Number(deleted.wordCount),
      likesCount: Number(deleted.likesCount),
      commentsCount: Number(deleted.commentsCount),
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}
