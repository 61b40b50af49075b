import type { Kysely } from 'kysely';
import { z } from 'zod';
import { STORY_VERSIONS_PAGE_SIZE, type StoryVersion, type StoryVersionSummary } from '@common/story-versions/versions';
import type { Prompt } from '@common/prompts/prompts';
import type { Database } from '../../db/types';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';

type Db = Kysely<Database>;

/** Newest first: by when a version was replaced (strictly ordered per story, stories/versions.ts), then id. */
const versionsCursor = z.object({ k: z.literal('versions'), c: cursorField.time, i: cursorField.id });

const SUMMARY_COLUMNS = ['id', 'storyId', 'title', 'wordCount', 'savedAt', 'created_at'] as const;

type SummaryRow = { id: string; storyId: string; title: string; wordCount: number | string; savedAt: string; created_at: string };

function toSummary(row: SummaryRow): StoryVersionSummary {
  return { id: row.id, storyId: row.storyId, title: row.title, wordCount: Number(row.wordCount), savedAt: row.savedAt, replacedAt: row.created_at };
}

/** A page of the story's versions, newest first, and how many it has in all. */
export async function listVersions(db: Db, storyId: string, cursor: string | undefined, limit = STORY_VERSIONS_PAGE_SIZE) {
  const after = decodeCursor(versionsCursor, cursor);
  let q = db.selectFrom('storyVersions').select(SUMMARY_COLUMNS).where('storyId', '=', storyId);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(after.c, after.i)));
  const [rows, total] = await Promise.all([
    q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute(),
    db.selectFrom('storyVersions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('storyId', '=', storyId).executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = pageOf(rows, limit, (last) => encodeCursor({ k: 'versions', c: last.created_at, i: last.id }));
  return { versions: items.map(toSummary), nextCursor, total: Number(total.n) };
}

/** One of the story's versions with its text, or null (another story's version is none of this one's). */
export async function findVersion(db: Db, storyId: string, versionId: string): Promise<StoryVersion | null> {
  const row = await db
    .selectFrom('storyVersions')
    .select([...SUMMARY_COLUMNS, 'content', 'promptGenre', 'promptTheme', 'promptTwist'])
    .where('id', '=', versionId)
    .where('storyId', '=', storyId)
    .executeTakeFirst();
  if (!row) return null;
  const prompt: Prompt | null =
    row.promptGenre && row.promptTheme && row.promptTwist ? { genre: row.promptGenre, theme: row.promptTheme, twist: row.promptTwist } : null;
  return { ...toSummary(row), content: row.content, prompt };
}
