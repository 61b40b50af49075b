import type { Kysely, Transaction } from 'kysely';
import { STORY_VERSIONS_MAX } from '@common/story-versions/versions';
import { samePrompt, type Prompt } from '@common/prompts/prompts';
import type { Database } from '../../db/types';
import { newId } from '../../shared/ids';
import { countVersions, deleteVersions, insertVersion, newestVersionOf, oldestVersionIds, type StoryTextRow } from './queries';

type Trx = Transaction<Database> | Kysely<Database>;

/** What a save would write over: the fields a version keeps. */
export interface SaveChange {
  title?: string;
  content?: string;
  prompt?: Prompt | null;
}

const promptOfRow = (row: StoryTextRow): Prompt | null =>
  row.promptGenre && row.promptTheme && row.promptTwist ? { genre: row.promptGenre, theme: row.promptTheme, twist: row.promptTwist } : null;

/** Whether the save changes the title, the text or the prompt as stored (a visibility change alone does not). */
export function changesText(row: StoryTextRow, change: SaveChange): boolean {
  return (
    (change.title !== undefined && change.title !== row.title) ||
    (change.content !== undefined && change.content !== row.content) ||
    (change.prompt !== undefined && !samePrompt(change.prompt, promptOfRow(row)))
  );
}

/** One millisecond after an ISO instant. */
const justAfter = (iso: string) => new Date(Date.parse(iso) + 1).toISOString();

/**
 * Keeps the story's stored title, text and prompt as a version, then drops the oldest past
 * STORY_VERSIONS_MAX (never `spare`, the version being restored). Call it under the story's
 * lock (lockStory), before the save writes.
 *
 * `created_at` (when it was replaced) orders the versions. Saves wait for the lock in turn,
 * but each read its clock before waiting, so a later save can carry an earlier instant; the
 * version is then dated a millisecond after the newest one, which keeps the order strict and
 * the trim exact whatever the races.
 */
export async function keepVersion(trx: Trx, row: StoryTextRow, at: string, spare?: string): Promise<void> {
  const newest = await newestVersionOf(trx, row.id);
  const replacedAt = newest && newest.created_at >= at ? justAfter(newest.created_at) : at;
  await insertVersion(trx, {
    id: newId(),
    storyId: row.id,
    uid: row.uid,
    title: row.title,
    content: row.content,
    wordCount: Number(row.wordCount),
    promptGenre: row.promptGenre,
    promptTheme: row.promptTheme,
    promptTwist: row.promptTwist,
    savedAt: row.updated_at,
    created_at: replacedAt,
  });
  const excess = (await countVersions(trx, row.id)) - STORY_VERSIONS_MAX;
  if (excess <= 0) return;
  await deleteVersions(trx, await oldestVersionIds(trx, row.id, excess, spare));
}
