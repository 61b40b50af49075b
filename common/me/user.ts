import { z } from 'zod';
import { ACCENT_COLORS, THEME_MODES } from './theme';
import { PROFILE_ICONS } from '../profile/icons';
import { DAILY_GOAL_DEFAULT } from '../shared/limits';
import { readingPreferencesSchema } from '../stories/content-warnings';
import { HANDLE_PATTERN } from '../handles/rules';

/** A users record as the API returns it to its owner (spec section 3 field names). */
export const userRecordSchema = z.object({
  uid: z.string(),
  /** The writer's handle (common/handles/handle.ts): `@handle` here, `@handle@host` elsewhere. */
  handle: z.string().regex(HANDLE_PATTERN),
  name: z.string(),
  email: z.string(),
  first: z.string(),
  last: z.string(),
  created_at: z.string(),
  createdAt: z.string(),
  lastActive: z.string(),
  profileIcon: z.enum(PROFILE_ICONS).default('User'),
  colorTheme: z.enum(ACCENT_COLORS).default('blue'),
  /** null until the person picks a mode: the app then follows the system preference. */
  themeMode: z.enum(THEME_MODES).nullable(),
  admin: z.boolean(),
  /** The sign-in email is confirmed (by a link we sent, or by a provider that vouches for it). */
  emailVerified: z.boolean(),
  profileImage: z.string().nullable(),
  displayName: z.string().nullable(),
  streak: z.number().int(),
  bestStreak: z.number().int(),
  /** Streak freezes held, 0–2 (common/streaks/streak.ts replayStreak). */
  streakFreezes: z.number().int().default(0),
  dailyGoal: z.number().int().default(DAILY_GOAL_DEFAULT),
  aboutMe: z.string(),
  pronouns: z.string(),
  bio: z.string(),
  location: z.string(),
  website: z.string(),
  bluesky: z.string(),
  xcom: z.string(),
  reddit: z.string(),
  favorites: z.array(z.string()),
  /** The person asked to delete their account: when, and when it will be deleted unless they cancel. */
  deactivatedAt: z.string().nullable(),
  deleteAfter: z.string().nullable(),
  /** A moderator limited the account: stories off community for non-followers, no new conversations. */
  limited: z.boolean(),
  /**
   * When the tutorial first opened by itself for this account, in any browser (null: never).
   * With the browser's own flag (spec section 9) it keeps the tutorial to one showing per account.
   */
  tutorialSeenAt: z.string().nullable(),
  /** Approval mode: the account waits for an admin; until then the app shows only the waiting screen. */
  awaitingApproval: z.boolean(),
  /** Content warnings the reader hides and whether they skip "Show story": the owner's record only. */
  readingPreferences: readingPreferencesSchema,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const meResponseSchema = z.object({
  user: userRecordSchema,
  /**
   * Where the live-event stream stood when GET /api/me answered (an event id). A tab's first
   * stream resumes from it, so an event between this answer and the stream's opening is
   * replayed instead of lost. Absent from answers that are not GET /api/me.
   */
  liveFrom: z.string().regex(/^\d{1,15}$/).optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Body of PATCH /api/me/preferences. Unknown values are refused (400). */
export const preferencesUpdateSchema = z
  .object({
    themeMode: z.enum(THEME_MODES).optional(),
    colorTheme: z.enum(ACCENT_COLORS).optional(),
  })
  .strict()
  .refine((v) => v.themeMode !== undefined || v.colorTheme !== undefined, { message: 'Nothing to update' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
