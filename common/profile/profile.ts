import { z } from 'zod';
import { PROFILE_ICONS } from './icons';
import { safeText } from '../shared/text';
import { HANDLE_PATTERN } from '../handles/rules';

/** A user id that names no one the viewer may see (server/policy/profiles.ts). */
export const USER_NOT_FOUND = 'User not found';

/**
 * Profile fields (spec sections 2, 5 and 9): their limits, hint texts and normalisation,
 * used by the profile forms and again by the server, which refuses what breaks them.
 *
 * Rules the spec left open, decided here:
 * - Every field may be emptied: '' clears it.
 * - Control characters other than tab and line feed are refused, as in every text field
 *   (text.ts). Single-line fields (pronouns, location) are trimmed and runs of whitespace
 *   become one space. About Me keeps its line breaks (CRLF → LF) and is trimmed at both ends.
 * - Limits count characters as code points (an emoji is one; zod's `max` counts the same
 *   way, and so do the counters through `textLength`) and apply to the value as stored,
 *   after normalisation. A website that gets `https://` in
 *   front must still fit in 200 characters; the message says so.
 * - Website: only http(s) addresses. `host:8080` is a port, not a scheme, and gets
 *   `https://`; any other scheme (`javascript:`, `ftp:`, `mailto:`, `data:`) is refused, as are
 *   spaces, user names and passwords in the address, and hosts without a dot.
 * - Handles: trimmed; one leading `@` is stripped for Bluesky and X only, `u/` or `/u/`
 *   (any case) for Reddit only. What remains may hold letters, digits, `.`, `_` and `-`
 *   (every real handle of the three networks does), so no space or other character can
 *   reach a link built from it.
 */

export const PRONOUNS_MAX = 50;
export const ABOUT_ME_MAX = 300;
export const LOCATION_MAX = 100;
export const WEBSITE_MAX = 200;
export const HANDLE_MAX = 100;

/** Hint texts shown under the fields, exactly as spec section 5 words them. */
export const PRONOUNS_HINT = 'Max 50 characters';
export const ABOUT_ME_HINT = 'Visible to all users. Max 300 characters.';

/** Characters as the limits count them: code points, so an emoji counts once. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The counter under a field: `12/50`. */
export function counterText(length: number, max: number): string {
  return `${length}/${max}`;
}

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/** Control characters that are not whitespace (whitespace is collapsed or kept instead). */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/** Control characters About Me drops: everything but the line feed and tab. */
const ABOUT_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/u;
/* eslint-enable no-control-regex */

/** One line of text: trimmed, whitespace runs as single spaces, no control characters. */
export function normalizeLine(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, '').replace(/\s+/gu, ' ').trim();
}

/** About Me: line breaks kept (as LF), other control characters dropped, trimmed. */
export function normalizeAboutMe(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(ABOUT_CONTROLS, '').trim();
}

const HTTP_URL = /^https?:\/\//i;
/** `name:` at the start, unless digits follow (then it is `host:port`). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/** Trims and puts `https://` in front of an address without a scheme. Other schemes are left for validation to refuse. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || HTTP_URL.test(trimmed) || OTHER_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** Why a normalised website cannot be stored, or null when it can. `prefixed`: https:// was added. */
export function websiteProblem(website: string, prefixed = false): string | null {
  if (website === '') return null;
  if (SPACE_OR_CONTROL.test(website)) return 'Website cannot contain spaces.';
  if (!HTTP_URL.test(website)) return 'Website must be a web address starting with http:// or https://.';
  if (!URL.canParse(website)) return 'Please enter a valid web address, such as https://example.com.';
  const url = new URL(website);
  if (url.username || url.password) return 'Website cannot contain a user name or password.';
  if (!url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) {
    return 'Please enter a valid web address, such as https://example.com.';
  }
  if (textLength(website) > WEBSITE_MAX) {
    return `Website must be at most ${WEBSITE_MAX} characters${prefixed ? ' (including the https:// added in front)' : ''}.`;
  }
  return null;
}

export const HANDLE_KINDS = ['bluesky', 'xcom', 'reddit'] as const;
export type HandleKind = (typeof HANDLE_KINDS)[number];

/** The names the profile shows ('X' for the field the spec calls {host}). */
export const HANDLE_LABELS: Record<HandleKind, string> = { bluesky: 'Bluesky', xcom: 'X', reddit: 'Reddit' };

/** Trims; strips one leading `@` (Bluesky, X) or `u/` / `/u/` (Reddit). */
export function normalizeHandle(kind: HandleKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'reddit') return trimmed.replace(/^\/?u\//i, '');
  return trimmed.startsWith('@') ? trimmed.slice(1) : trimmed;
}

/** Why a normalised handle cannot be stored, or null when it can. */
export function handleProblem(kind: HandleKind, handle: string): string | null {
  if (handle === '') return null;
  const label = HANDLE_LABELS[kind];
  if (/\s/u.test(handle)) return `${label} handle cannot contain spaces.`;
  if (textLength(handle) > HANDLE_MAX) return `${label} handle must be at most ${HANDLE_MAX} characters.`;
  if (!/^[A-Za-z0-9._-]+$/.test(handle)) return `${label} handle can only contain letters, numbers, dots, hyphens and underscores.`;
  return null;
}

/** The profile page of a handle on its network. */
export function socialUrl(kind: HandleKind, handle: string): string {
  const h = encodeURIComponent(handle);
  if (kind === 'bluesky') return `https://bsky.app/profile/${h}`;
  if (kind === 'xcom') return `https://x.com/${h}`;
  return `https://www.reddit.com/user/${h}`;
}

// ---- Field schemas: each normalises, then checks the stored value. ----

/** Every field is under the text rule (text.ts) before its own normalisation. */
const textInput = (label: string, verb?: string) => safeText(label, { verb });

export const pronounsSchema = textInput('Pronouns', 'contain')
  .overwrite(normalizeLine)
  .max(PRONOUNS_MAX, `Pronouns must be at most ${PRONOUNS_MAX} characters.`);

export const aboutMeSchema = textInput('About Me')
  .overwrite(normalizeAboutMe)
  .max(ABOUT_ME_MAX, `About Me must be at most ${ABOUT_ME_MAX} characters.`);

export const locationSchema = textInput('Location')
  .overwrite(normalizeLine)
  .max(LOCATION_MAX, `Location must be at most ${LOCATION_MAX} characters.`);

export const websiteSchema = textInput('Website').transform((raw, ctx) => {
  const website = normalizeWebsite(raw);
  const problem = websiteProblem(website, website !== raw.trim());
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return website;
});

export const handleSchema = (kind: HandleKind) =>
  textInput(`${HANDLE_LABELS[kind]} handle`).transform((raw, ctx) => {
    const handle = normalizeHandle(kind, raw);
    const problem = handleProblem(kind, handle);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return handle;
  });

// ---- Request bodies (PATCH /api/me/…). Unknown keys, such as a uid, are refused. ----

export const profileIconUpdateSchema = z
  .object({ profileIcon: z.enum(PROFILE_ICONS, 'Please choose one of the profile icons.') })
  .strict();
export const aboutMeUpdateSchema = z.object({ aboutMe: aboutMeSchema }).strict();
export const pronounsUpdateSchema = z.object({ pronouns: pronounsSchema }).strict();
/** The Extended Profile section saves its five fields together. */
export const detailsUpdateSchema = z
  .object({
    location: locationSchema,
    website: websiteSchema,
    bluesky: handleSchema('bluesky'),
    xcom: handleSchema('xcom'),
    reddit: handleSchema('reddit'),
  })
  .strict();
export type ProfileIconUpdate = z.input<typeof profileIconUpdateSchema>;
export type AboutMeUpdate = z.input<typeof aboutMeUpdateSchema>;
export type PronounsUpdate = z.input<typeof pronounsUpdateSchema>;
export type DetailsUpdate = z.input<typeof detailsUpdateSchema>;
export type ProfileDetails = z.output<typeof detailsUpdateSchema>;

// ---- Profile image ----

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Larger images are refused before decoding: a small file can claim a huge canvas. */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images are squares of at most this many pixels a side. */
export const PROFILE_IMAGE_SIZE = 512;
/** What the picker offers; the server decides from the bytes. */
export const PROFILE_IMAGE_ACCEPT = 'image/*';
export const PROFILE_IMAGE_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF or AVIF';

// ---- Statistics and public profiles ----

const count = z.number().int().nonnegative();

/** GET /api/me/stats: one aggregate over all the writer's stories, plus the record's streaks and goal. */
export const writingStatsSchema = z.object({
  streak: count,
  bestStreak: count,
  dailyGoal: count,
  stories: count,
  publicStories: count,
  privateStories: count,
  likes: count,
  comments: count,
  views: count,
  /** Words per story, rounded; 0 without stories. */
  avgWords: count,
  /** Words in the longest story. */
  longestStory: count,
  /** Stories of exactly 100 words (common/stories/words.ts isPerfectDrabble). */
  perfectDrabbles: count,
});
export type WritingStats = z.infer<typeof writingStatsSchema>;

export const RECENT_ACTIVITY_MAX = 5;

export const recentStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  wordCount: count,
  public: z.boolean(),
  createdAt: z.string(),
});
export type RecentStory = z.infer<typeof recentStorySchema>;

export const myStatsResponseSchema = z.object({
  stats: writingStatsSchema,
  recent: z.array(recentStorySchema).max(RECENT_ACTIVITY_MAX),
});
export type MyStatsResponse = z.infer<typeof myStatsResponseSchema>;

/**
 * A writer as anyone may see them: no email, favourites, admin flag, appearance or time
 * zone. `displayName` is what to call them (display name, else name, else 'User').
 */
export const publicProfileSchema = z.object({
  uid: z.string(),
  /** The writer's handle (common/handles/handle.ts), shown as `@handle` under the name. */
  handle: z.string().regex(HANDLE_PATTERN),
  displayName: z.string(),
  name: z.string(),
  profileIcon: z.enum(PROFILE_ICONS),
  profileImage: z.string().nullable(),
  pronouns: z.string(),
  aboutMe: z.string(),
  location: z.string(),
  website: z.string(),
  bluesky: z.string(),
  xcom: z.string(),
  reddit: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The public stats block, over public stories only. */
export const publicStatsSchema = writingStatsSchema.pick({
  streak: true,
  bestStreak: true,
  likes: true,
  comments: true,
  views: true,
  avgWords: true,
  longestStory: true,
  publicStories: true,
  perfectDrabbles: true,
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

export const publicProfileResponseSchema = z.object({ profile: publicProfileSchema, stats: publicStatsSchema });
export type PublicProfileResponse = z.infer<typeof publicProfileResponseSchema>;
