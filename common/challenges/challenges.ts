import { z } from 'zod';
import { formatDay, wordsByDay, type DayWords } from '../calendar/calendar';
import { dayNumber, type DayKey } from '../prompts/prompts';
import { addDays } from '../streaks/streak';

/**
 * Personal challenges: "N words in D days", from the day it is started (that whole
 * day's words count: writing is recorded per day) through its last day, inclusive. A writer
 * has at most one active challenge. Its outcome is worked out from the writing days, never
 * stored: completed on the day the words were reached, not finished when the last day passed
 * without them, or given up (the one stored fact, `abandonedAt`, counted from the writer's local day then).
 */

export const CHALLENGE_WORDS_MIN = 100;
export const CHALLENGE_WORDS_MAX = 1_000_000;
export const CHALLENGE_DAYS_MIN = 1;
export const CHALLENGE_DAYS_MAX = 365;
/** How many ended challenges GET /api/me/challenges lists, newest first. */
export const CHALLENGES_PAST_MAX = 20;

export const ONE_ACTIVE_CHALLENGE = 'You already have an active challenge. Finish it or give it up before starting another.';
export const CHALLENGE_NOT_FOUND = 'Challenge not found.';
export const CHALLENGE_ENDED = 'This challenge has already ended.';

const n = (value: number) => value.toLocaleString('en-US');

/** POST /api/me/challenges */
export const challengeCreateSchema = z
  .object({
    words: z
      .number('Words must be a number.')
      .int('Words must be a whole number.')
      .min(CHALLENGE_WORDS_MIN, `A challenge needs at least ${n(CHALLENGE_WORDS_MIN)} words.`)
      .max(CHALLENGE_WORDS_MAX, `A challenge can have at most ${n(CHALLENGE_WORDS_MAX)} words.`),
    days: z
      .number('Days must be a number.')
      .int('Days must be a whole number.')
      .min(CHALLENGE_DAYS_MIN, `A challenge lasts at least ${CHALLENGE_DAYS_MIN} day.`)
      .max(CHALLENGE_DAYS_MAX, `A challenge lasts at most ${CHALLENGE_DAYS_MAX} days.`),
  })
  .strict();
export type ChallengeCreate = z.infer<typeof challengeCreateSchema>;

export type ChallengeStatus = 'active' | 'completed' | 'unfinished' | 'abandoned';

/** The stored facts of a challenge. */
export interface ChallengeRecord {
  words: number;
  days: number;
  startDay: DayKey;
  endDay: DayKey;
  /** The writer's local day it was given up on, if it was. */
  abandonedOn: DayKey | null;
}

export interface Projection {
  /** The day the words are reached at the pace so far. */
  finishDay: DayKey;
  /** Whether that is on or before the last day. */
  inTime: boolean;
}

export interface ChallengeProgress {
  status: ChallengeStatus;
  /** Words written from the first day through today, the last day or the day it was given up. */
  wordsSoFar: number;
  /** Which day of the challenge today is, 1 to `days` (the last day once it is over). */
  dayOfChallenge: number;
  /** 0–100, rounded down. */
  percent: number;
  /** The day the words were reached, when they were. */
  completedOn: DayKey | null;
  /** Only while active and once some words are written. */
  projection: Projection | null;
}

/** Days from `from` to `to`, both counted. */
const daysThrough = (from: DayKey, to: DayKey) => dayNumber(to) - dayNumber(from) + 1;

/**
 * Where a challenge stands on `today`: pace = words so far / days elapsed including today;
 * the finish day is the day the remaining words are reached at that pace (today when
 * nothing remains); none before the first word.
 */
export function challengeProgress(challenge: ChallengeRecord, days: Iterable<DayWords>, today: DayKey): ChallengeProgress {
  const { words, startDay, abandonedOn } = challenge;
  // Words after the day it was given up do not count towards it.
  const endDay = abandonedOn !== null && abandonedOn < challenge.endDay ? abandonedOn : challenge.endDay;
  const byDay = [...wordsByDay(days, today)].filter(([day]) => day >= startDay && day <= endDay).sort(([a], [b]) => (a < b ? -1 : 1));
  let wordsSoFar = 0;
  let completedOn: DayKey | null = null;
  for (const [day, count] of byDay) {
    wordsSoFar += count;
    if (completedOn === null && wordsSoFar >= words) completedOn = day;
  }
  const last = today < endDay ? today : endDay;
  const elapsed = Math.max(1, daysThrough(startDay, last));
  const dayOfChallenge = Math.min(challenge.days, elapsed);
  const percent = Math.min(100, Math.floor((wordsSoFar / Math.max(1, words)) * 100));
  // Given up wins: a challenge can be given up only while active, and words the same day after it do not finish it.
  if (abandonedOn !== null) completedOn = null;
  const status: ChallengeStatus = abandonedOn !== null ? 'abandoned' : completedOn ? 'completed' : today > challenge.endDay ? 'unfinished' : 'active';
  let projection: Projection | null = null;
  if (status === 'active' && wordsSoFar > 0) {
    const pace = wordsSoFar / elapsed;
    const finishDay = addDays(last < startDay ? startDay : last, Math.ceil((words - wordsSoFar) / pace));
    projection = { finishDay, inTime: finishDay <= challenge.endDay };
  }
  return { status, wordsSoFar, dayOfChallenge, percent, completedOn, projection };
}

/** "At this pace you'll finish on {date}", or that it will come after the end, or how to get one. */
export function projectionSentence(progress: Pick<ChallengeProgress, 'projection' | 'status'>, today: DayKey, locale?: string): string | null {
  if (progress.status !== 'active') return null;
  const { projection } = progress;
  if (!projection) return 'Write your first words to see when you’ll finish.';
  const date = formatDay(projection.finishDay, today, { locale });
  return projection.inTime ? `At this pace you'll finish on ${date}` : `At this pace you'll finish on ${date}, after the challenge ends.`;
}

/** "1,240 of 5,000 words · day 3 of 14" */
export function challengeSummary(challenge: { words: number; days: number }, progress: Pick<ChallengeProgress, 'wordsSoFar' | 'dayOfChallenge'>): string {
  return `${n(progress.wordsSoFar)} of ${n(challenge.words)} words · day ${progress.dayOfChallenge} of ${challenge.days}`;
}

/** A past challenge's outcome: "completed on {date}", "not finished" or "given up". */
export function challengeOutcome(progress: Pick<ChallengeProgress, 'status' | 'completedOn'>, today: DayKey, locale?: string): string {
  if (progress.status === 'completed' && progress.completedOn) return `completed on ${formatDay(progress.completedOn, today, { locale })}`;
  if (progress.status === 'abandoned') return 'given up';
  if (progress.status === 'unfinished') return 'not finished';
  return 'in progress';
}

export const challengeSchema = z.object({
  id: z.string(),
  words: z.number().int(),
  days: z.number().int(),
  startDay: z.string(),
  endDay: z.string(),
  createdAt: z.string(),
  abandonedAt: z.string().nullable(),
  status: z.enum(['active', 'completed', 'unfinished', 'abandoned']),
  wordsSoFar: z.number().int(),
  dayOfChallenge: z.number().int(),
  percent: z.number().int(),
  completedOn: z.string().nullable(),
  projection: z.object({ finishDay: z.string(), inTime: z.boolean() }).nullable(),
  /** What the viewer (always the owner) may do with it. */
  permissions: z.object({ giveUp: z.boolean() }),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** POST /api/me/challenges (201) and DELETE /api/me/challenges/:id. */
export const challengeResponseSchema = z.object({ challenge: challengeSchema, today: z.string() });
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** GET /api/me/challenges: the active one, and the CHALLENGES_PAST_MAX latest that ended, newest first. */
export const challengesResponseSchema = z.object({ today: z.string(), active: challengeSchema.nullable(), past: z.array(challengeSchema) });
export type ChallengesResponse = z.infer<typeof challengesResponseSchema>;
