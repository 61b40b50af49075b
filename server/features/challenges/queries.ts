import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DayWords } from '@common/calendar/calendar';
import { challengeProgress, type Challenge } from '@common/challenges/challenges';
import type { DayKey } from '@common/prompts/prompts';
import { DEFAULT_TIME_ZONE, localDay } from '@common/streaks/streak';
import type { Dialect } from '../../db/database';
import type { ChallengesTable, Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;
export type ChallengeRow = Selectable<ChallengesTable>;

export interface Clock {
  today: DayKey;
  timezone: string;
}

/**
 * The writer's zone and today in it. With `lock` (inside a transaction on PostgreSQL) the users
 * row is locked for update, so a writer's challenge changes queue one behind another: two
 * parallel starts cannot both see "no active challenge". SQLite's writers queue anyway.
 */
export async function writerClock(db: Db, uid: string, now: Date, lock: Dialect | null = null): Promise<Clock> {
  const user = await db
    .selectFrom('users')
    .select('timezone')
    .where('uid', '=', uid)
    .$call(forUpdate(lock))
    .executeTakeFirst();
  if (!user) throw notFound('User not found.');
  const timezone = user.timezone ?? DEFAULT_TIME_ZONE;
  return { today: localDay(now, timezone), timezone };
}

/** The writer's words per day from `from` on (days after today count as today in the progress). */
export async function writingDaysFrom(db: Db, uid: string, from: DayKey | undefined): Promise<DayWords[]> {
  if (from === undefined) return [];
  const rows = await db.selectFrom('writingDays').select(['day', 'words']).where('uid', '=', uid).where('day', '>=', from).where('words', '>', 0).execute();
  return rows.map((r) => ({ day: r.day, words: Number(r.words) }));
}

export const earliestStart = (rows: ChallengeRow[]): DayKey | undefined => rows.map((r) => r.startDay).sort()[0];

/** A challenge as the API shows it to its owner, with its progress as of `clock.today`. */
export function presentChallenge(row: ChallengeRow, days: DayWords[], clock: Clock): Challenge {
  const abandonedOn = row.abandonedAt ? localDay(new Date(row.abandonedAt), clock.timezone) : null;
  const words = Number(row.words);
  const length = Number(row.days);
  const progress = challengeProgress({ words, days: length, startDay: row.startDay, endDay: row.endDay, abandonedOn }, days, clock.today);
  return {
    id: row.id,
    words,
    days: length,
    startDay: row.startDay,
    endDay: row.endDay,
    createdAt: row.created_at,
    abandonedAt: row.abandonedAt,
    ...progress,
    permissions: { giveUp: progress.status === 'active' },
  };
}

/** Challenges that may still be active on `today`: not given up, last day not passed. */
export function openChallenges(db: Db, uid: string, today: DayKey): Promise<ChallengeRow[]> {
  return db.selectFrom('challenges').selectAll().where('uid', '=', uid).where('abandonedAt', 'is', null).where('endDay', '>=', today).execute();
}

/** The writer's newest challenges, newest first. */
export function latestChallenges(db: Db, uid: string, limit: number): Promise<ChallengeRow[]> {
  return db.selectFrom('challenges').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Stores a new challenge. */
export async function insertChallenge(db: Db, row: Insertable<ChallengesTable>): Promise<void> {
  await db.insertInto('challenges').values(row).execute();
}

/** The writer's own challenge `id` (undefined: none, or someone else's). */
export function ownChallenge(db: Db, uid: string, id: string) {
  return db.selectFrom('challenges').selectAll().where('id', '=', id).where('uid', '=', uid).executeTakeFirst();
}

/** The challenge is given up at `abandonedAt`. */
export async function setChallengeAbandoned(db: Db, id: string, abandonedAt: string): Promise<void> {
  await db.updateTable('challenges').set({ abandonedAt }).where('id', '=', id).execute();
}
