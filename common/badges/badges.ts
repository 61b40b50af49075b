import { z } from 'zod';

/**
 * Badges: earned once, announced with a notification, shown on profiles with the
 * date earned. No leaderboard: a writer's badges are only ever read one profile at a time.
 *
 * Each badge is a threshold on one fact about the writer. The server gathers only the facts
 * of the badges a writer has not earned yet (`factsNeeded`), and `earnedBadges` says which
 * thresholds those facts reach. Rules the issue left open, decided here:
 * - any saved story counts (private ones too): badges are about writing, not publishing;
 * - a streak badge follows the best streak (users.bestStreak), so a streak that reached 7
 *   and later broke still earned its badge on the day it got there;
 * - answered prompts count distinct prompt days: two stories on one day's prompt are one;
 * - "10 reactions on a story" counts every reaction on one story (stories.likesCount);
 * - once earned, a badge stays, even if the story, comment or reactions behind it go away.
 */

export const BADGE_IDS = [
  'first_story',
  'first_perfect_drabble',
  'streak_3',
  'streak_7',
  'streak_30',
  'streak_100',
  'prompts_10',
  'first_comment_received',
  'reactions_10',
  'contest_winner',
  'contest_podium',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** What a badge's threshold is measured on. */
export const BADGE_FACTS = ['stories', 'perfectDrabbles', 'bestStreak', 'answeredPrompts', 'commentsReceived', 'mostReactions', 'contestWins', 'contestPodiums'] as const;
export type BadgeFact = (typeof BADGE_FACTS)[number];
/** The facts gathered for one writer; a fact left out earns nothing. */
export type BadgeFacts = Partial<Record<BadgeFact, number>>;

export interface BadgeDefinition {
  id: BadgeId;
  name: string;
  /** One line: how it is earned (shown under a locked badge on the writer's own profile). */
  description: string;
  fact: BadgeFact;
  /** Earned when the fact reaches this. */
  threshold: number;
}

/** The catalogue, in the order profiles show it. */
export const BADGES: readonly BadgeDefinition[] = [
  { id: 'first_story', name: 'First story', description: 'Save your first story.', fact: 'stories', threshold: 1 },
  { id: 'first_perfect_drabble', name: 'First perfect drabble', description: 'Write a story of exactly 100 words.', fact: 'perfectDrabbles', threshold: 1 },
  { id: 'streak_3', name: '3-day streak', description: 'Write on 3 days in a row.', fact: 'bestStreak', threshold: 3 },
  { id: 'streak_7', name: '7-day streak', description: 'Write on 7 days in a row.', fact: 'bestStreak', threshold: 7 },
  { id: 'streak_30', name: '30-day streak', description: 'Write on 30 days in a row.', fact: 'bestStreak', threshold: 30 },
  { id: 'streak_100', name: '100-day streak', description: 'Write on 100 days in a row.', fact: 'bestStreak', threshold: 100 },
  { id: 'prompts_10', name: '10 prompts answered', description: 'Answer the daily prompt on 10 different days.', fact: 'answeredPrompts', threshold: 10 },
  { id: 'first_comment_received', name: 'First comment received', description: 'Get a comment from a reader on one of your stories.', fact: 'commentsReceived', threshold: 1 },
  { id: 'reactions_10', name: '10 reactions on a story', description: 'Get 10 reactions on one story.', fact: 'mostReactions', threshold: 10 },
  // The weekly contest: places are written when its results are revealed.
  { id: 'contest_winner', name: 'Contest winner', description: 'Win a weekly contest.', fact: 'contestWins', threshold: 1 },
  { id: 'contest_podium', name: 'Contest podium', description: 'Place in the top three of a weekly contest.', fact: 'contestPodiums', threshold: 1 },
];

const byId = new Map<string, BadgeDefinition>(BADGES.map((b) => [b.id, b]));

export function isBadgeId(value: unknown): value is BadgeId {
  return typeof value === 'string' && byId.has(value);
}

export function badgeDefinition(id: BadgeId): BadgeDefinition {
  const found = byId.get(id);
  if (!found) throw new Error(`Unknown badge ${id}`);
  return found;
}

/** The facts worth gathering: those of the badges not earned yet (none once all are). */
export function factsNeeded(earned: Iterable<string>, only?: readonly BadgeFact[]): BadgeFact[] {
  const have = new Set(earned);
  const facts = new Set<BadgeFact>();
  for (const b of BADGES) if (!have.has(b.id) && (!only || only.includes(b.fact))) facts.add(b.fact);
  return BADGE_FACTS.filter((f) => facts.has(f));
}

/** Every badge the facts reach, in catalogue order (earned ones included: the caller keeps what is new). */
export function earnedBadges(facts: BadgeFacts): BadgeId[] {
  return BADGES.filter((b) => (facts[b.fact] ?? 0) >= b.threshold).map((b) => b.id);
}

/** "Earned November 3, 2026" (en-US) or "Earned 3 November 2026" (en-GB): the reader's locale and time zone unless given. */
export function earnedText(iso: string, timeZone?: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Earned';
  return `Earned ${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date)}`;
}

const badgeBase = {
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
};

/** A badge someone earned, as a profile shows it. */
export const earnedBadgeSchema = z.object({ ...badgeBase, earnedAt: z.string() });
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;

/** GET /api/users/:uid/badges: the earned badges, in catalogue order. */
export const userBadgesResponseSchema = z.object({ badges: z.array(earnedBadgeSchema) });
export type UserBadgesResponse = z.infer<typeof userBadgesResponseSchema>;

/** GET /api/me/badges: the whole catalogue, each with when it was earned or null while locked. */
export const myBadgeSchema = z.object({ ...badgeBase, earnedAt: z.string().nullable() });
export type MyBadge = z.infer<typeof myBadgeSchema>;
export const myBadgesResponseSchema = z.object({ badges: z.array(myBadgeSchema) });
export type MyBadgesResponse = z.infer<typeof myBadgesResponseSchema>;
