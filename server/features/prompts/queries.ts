import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import {
  hasPromptPage,
  PROMPT_ARCHIVE_PAGE_SIZE,
  PROMPT_ARCHIVE_START,
  promptForDay,
  utcDayKey,
  type DayKey,
  type PromptArchivePage,
  type PromptDayResponse,
} from '@common/prompts/prompts';
import type { StoryPage } from '@common/stories/story';
import { addDays } from '@common/streaks/streak';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import type { Viewer } from '../../policy/viewer';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { selectStories, toSummary } from '../stories';

/**
 * Prompt pages and the archive. A story answers a day's prompt when its `promptDay` is that
 * day (set by the stories service when it is saved); index stories_promptDay_seq
 * (promptDay, public, seq) serves the page's list and every count here.
 */
type Db = Kysely<Database>;

export const PROMPT_NOT_FOUND = 'Prompt not found';

/** 404 for a day before the archive starts or after tomorrow (UTC): its prompt is not out yet. */
export function assertPromptPage(day: DayKey, now: Date): void {
  if (!hasPromptPage(day, now)) throw notFound(PROMPT_NOT_FOUND);
}

/** Whether the viewer has a story (public or private) written to `day`'s prompt. */
export async function hasAnswered(db: Db, viewer: Viewer, day: DayKey): Promise<boolean> {
  if (viewer === null) return false;
  const row = await db.selectFrom('stories').select('id').where('promptDay', '=', day).where('uid', '=', viewer.uid).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Public stories written to each day from `oldest` to `newest`, by writers in good standing
 * (authorState visible: not limited, suspended or deactivated). The same for every viewer.
 */
async function storyCounts(db: Db, oldest: DayKey, newest: DayKey): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('stories')
    .select(['promptDay', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('promptDay', '>=', oldest)
    .where('promptDay', '<=', newest)
    .where('public', '=', 1)
    .where('authorState', '=', AUTHOR_STATE.visible)
    .groupBy('promptDay')
    .execute();
  return new Map(rows.flatMap((r) => (r.promptDay === null ? [] : [[r.promptDay, Number(r.n)] as const])));
}

/** GET /api/prompts/:date */
export async function promptDay(db: Db, viewer: Viewer, day: DayKey, now: Date): Promise<PromptDayResponse> {
  assertPromptPage(day, now);
  const [answered, counts] = await Promise.all([hasAnswered(db, viewer, day), storyCounts(db, day, day)]);
  return { date: day, prompt: promptForDay(day), answered, storiesCount: counts.get(day) ?? 0 };
}

const promptStoriesCursor = z.object({ k: z.literal('prompt'), s: cursorField.seq });

/**
 * GET /api/prompts/:date/stories: the public stories written to the day's prompt that the
 * viewer may read, newest first. Like the community shelf, it leaves out writers the viewer
 * blocked, muted or was blocked by, and limited writers unless the viewer follows them.
 */
export async function promptStories(db: Db, viewer: Viewer, day: DayKey, now: Date, query: { cursor?: string; limit: number }): Promise<StoryPage> {
  assertPromptPage(day, now);
  const after = decodeCursor(promptStoriesCursor, query.cursor);
  let q = selectStories(db, viewer, { publicOnly: true, excludeMuted: true, excludeLimited: true, excludeHiddenWarnings: true }).where('s.promptDay', '=', day);
  if (after) q = q.where('s.seq', '<', after.s);
  const rows = await q.orderBy('s.seq', 'desc').limit(query.limit + 1).execute();
  const { items, nextCursor } = pageOf(rows, query.limit, (last) => encodeCursor({ k: 'prompt', s: Number(last.seq) }));
  return { stories: items.map((row) => toSummary(row, viewer)), nextCursor };
}

/**
 * GET /api/prompts: PROMPT_ARCHIVE_PAGE_SIZE days, newest first, from today (UTC) back to
 * PROMPT_ARCHIVE_START. The cursor is the last day shown; the next page starts the day
 * before it (never after today, so an old cursor still reads a consistent page).
 */
export async function promptArchive(db: Db, cursor: DayKey | undefined, now: Date): Promise<PromptArchivePage> {
  const today = utcDayKey(now);
  const first = cursor === undefined || cursor > today ? today : addDays(cursor, -1);
  const days: DayKey[] = [];
  for (let day = first; day >= PROMPT_ARCHIVE_START && days.length < PROMPT_ARCHIVE_PAGE_SIZE; day = addDays(day, -1)) days.push(day);
  const last = days.at(-1);
  if (last === undefined) return { prompts: [], nextCursor: null };
  const counts = await storyCounts(db, last, first);
  return {
    prompts: days.map((date) => ({ date, prompt: promptForDay(date), storiesCount: counts.get(date) ?? 0 })),
    nextCursor: last > PROMPT_ARCHIVE_START ? last : null,
  };
}
