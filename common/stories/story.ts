import { z } from 'zod';
import { dayKeySchema, GENRES, promptInputSchema, promptSchema } from '../prompts/prompts';
import { progressSchema, timeZoneSchema } from '../streaks/streak';
import { emptyAsMissing, requiredText, safeText } from '../shared/text';
import { tagListSchema, tagRefSchema } from '../tags/tags';
import { contentWarningListSchema, contentWarningNoteSchema, storyWarningFieldsSchema } from './content-warnings';
import { STORY_TITLE_MAX, STORY_TEXT_MAX, COMMENT_MAX, SEARCH_QUERY_MAX, STORY_PAGE_SIZE, STORY_PAGE_MAX, REACTION_KINDS, STORY_SORTS, VISIBILITY_FILTERS, USER_ID_PATTERN } from './rules';

/** The schemas; the rules and texts are in story-rules.ts (no zod), re-exported here. */
export * from './rules';

const formatted = (n: number) => n.toLocaleString('en-US');

export const reactionKindSchema = z.enum(REACTION_KINDS, 'Unknown reaction.');

export const reactionSummarySchema = z.object({
  /** Every kind, zero included. */
  counts: z.record(reactionKindSchema, z.number().int()),
  /** The kinds the viewer has left. */
  mine: z.array(reactionKindSchema),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** What the viewer may do with a story: the UI shows exactly these controls. */
export const storyPermissionsSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  changeVisibility: z.boolean(),
  react: z.boolean(),
  comment: z.boolean(),
  favorite: z.boolean(),
  /** An admin may take it down with a reason (not their own, which they delete). */
  remove: z.boolean(),
});
export type StoryPermissions = z.infer<typeof storyPermissionsSchema>;

/** The stories entity (spec section 3) as the API returns it, without the text. */
const storyFieldsSchema = storyWarningFieldsSchema.extend({
  id: z.string(),
  uid: z.string(),
  title: z.string(),
  public: z.boolean(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  viewsCount: z.number().int(),
  createdAt: z.string(),
  created_at: z.string(),
  updatedAt: z.string(),
  madePublicAt: z.string().nullable(),
  madePrivateAt: z.string().nullable(),
  prompt: promptSchema.nullable(),
  /** The UTC day whose daily prompt the story answers (its page: /prompt/<day>), or null. */
  promptDay: z.string().nullable(),
  /** Exactly 100 words (common/stories/words.ts isPerfectDrabble). */
  perfectDrabble: z.boolean(),
  /** Author details as they were at the last save. */
  authorDisplayName: z.string(),
  authorProfileIcon: z.string(),
  authorProfileColor: z.string(),
  authorProfileImage: z.string().nullable(),
  wordCount: z.number().int(),
  charCount: z.number().int(),
  /** Up to five tags, each as first written, with its key (common/tags/tags.ts). */
  tags: z.array(tagRefSchema),
  /** The contest this story is an anonymous entry of until the results are out; then null. */
  contestId: z.string().nullable(),
  permissions: storyPermissionsSchema,
});

/** GET /api/stories/:id: the whole story. `content` and `body` are the same text. */
export const storySchema = storyFieldsSchema.extend({
  content: z.string(),
  body: z.string(),
  reactions: reactionSummarySchema,
});
export type Story = z.infer<typeof storySchema>;

/** A story in a list: everything but the text, plus the card's 150-character preview. */
export const storySummarySchema = storyFieldsSchema.extend({ preview: z.string() });
export type StorySummary = z.infer<typeof storySummarySchema>;

export const storyPageSchema = z.object({
  stories: z.array(storySummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StoryPage = z.infer<typeof storyPageSchema>;

export const titleSchema = requiredText('Title', {
  empty: 'Please give your story a title.',
  max: STORY_TITLE_MAX,
  tooLong: `Title must be at most ${STORY_TITLE_MAX} characters.`,
});

/** The story text: kept as written apart from trailing whitespace; never blank. */
export const storyTextSchema = safeText('Your story', { typeError: 'Please write your story before saving.' })
  .max(STORY_TEXT_MAX, `Your story must be at most ${formatted(STORY_TEXT_MAX)} characters.`)
  .refine((text) => text.trim().length > 0, 'Please write your story before saving.')
  .transform((text) => text.trimEnd());

/** POST /api/stories */
export const storyCreateSchema = z
  .object({
    title: titleSchema,
    content: storyTextSchema,
    prompt: promptInputSchema.nullable().default(null),
    public: z.boolean().default(false),
    /** The browser's IANA zone: the day this save counts towards. */
    timezone: timeZoneSchema.optional(),
    /** Written from a prompt page ("Write to this prompt"): the day whose prompt this answers. */
    promptDay: dayKeySchema.optional(),
    /** Content warnings from the fixed list (common/stories/content-warnings.ts) and a short note. */
    contentWarnings: contentWarningListSchema.default([]),
    contentWarningNote: contentWarningNoteSchema.default(null),
    /** Up to five tags (common/tags/tags.ts), each kept once. */
    tags: tagListSchema.default([]),
    /**
     * Written for this contest ("Enter this week's contest"): its words count towards the
     * writer's streak and badges only when the contest's results are out, so they cannot name
     * the entrant (docs/decisions/0045-contests.md). Ignored unless the contest is open to this writer.
     */
    contestId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type StoryCreateInput = z.input<typeof storyCreateSchema>;

/** PATCH /api/stories/:id: any of the fields; at least one. */
export const storyUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    content: storyTextSchema.optional(),
    prompt: promptInputSchema.nullable().optional(),
    public: z.boolean().optional(),
    timezone: timeZoneSchema.optional(),
    contentWarnings: contentWarningListSchema.optional(),
    contentWarningNote: contentWarningNoteSchema.optional(),
    tags: tagListSchema.optional(),
    /**
     * The story's updatedAt this edit started from (an edit saved offline): when the
     * text has been changed since, a change of the text is refused with 409 rather than
     * replacing the newer text. Without it, the save replaces whatever is there (the replaced
     * text is kept as a version either way).
     */
    baseUpdatedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((v) => [v.title, v.content, v.prompt, v.public, v.contentWarnings, v.contentWarningNote, v.tags].some((field) => field !== undefined), {
    message: 'Nothing to update.',
  });
export type StoryUpdateInput = z.input<typeof storyUpdateSchema>;

/** PATCH /api/stories/:id/visibility */
export const visibilityUpdateSchema = z.object({ public: z.boolean('Say whether the story is public.') }).strict();

/** A `nextCursor` passed back: opaque base64url, bounded. The server checks what it decodes to. */
const cursorSchema = emptyAsMissing(
  z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'This list has changed. Please reload it.').optional(),
);
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${STORY_PAGE_MAX}.`;
/** Page size: digits only (no `1e1`, `0x10` or `-0`); empty means the default. */
const limitSchema = z.preprocess(
  (v) => (v === '' ? undefined : typeof v === 'string' && /^[0-9]{1,6}$/.test(v) ? Number(v) : v),
  z.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(STORY_PAGE_MAX, LIMIT_MESSAGE).default(STORY_PAGE_SIZE),
);
/** An empty query parameter means "not given". */
const optionalText = (max: number) =>
  safeText('Search text')
    .trim()
    .max(max, `Search text must be at most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

/** GET /api/stories/community: public stories, searchable, by genre, newest or most liked. */
export const communityQuerySchema = z.object({
  q: optionalText(SEARCH_QUERY_MAX),
  genre: z.preprocess((v) => (v === '' ? undefined : v), z.enum(GENRES, 'Unknown genre.').optional()),
  sort: z.enum(STORY_SORTS, 'Sort must be newest or liked.').default('newest'),
  /** Only this writer's public stories (a public profile). */
  author: emptyAsMissing(z.string().regex(USER_ID_PATTERN, 'Unknown writer.').optional()),
  /** `perfect=true`: only perfect drabbles (exactly 100 words). */
  perfect: emptyAsMissing(z.enum(['true', 'false'], 'perfect must be true or false.').optional()).transform((v) => v === 'true'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type CommunityQuery = z.infer<typeof communityQuerySchema>;

/** GET /api/stories/mine */
export const myStoriesQuerySchema = z.object({
  visibility: z.enum(VISIBILITY_FILTERS, 'Visibility must be all, public or private.').default('all'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type MyStoriesQuery = z.infer<typeof myStoriesQuerySchema>;

/** GET /api/favorites */
export const pageQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });

/** GET /api/stories/mine/rows: every one of the writer's stories, for the table screen. */
export const storyRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  public: z.boolean(),
  wordCount: z.number().int(),
  createdAt: z.string(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  viewsCount: z.number().int(),
});
export type StoryRow = z.infer<typeof storyRowSchema>;
export const storyRowsResponseSchema = z.object({ rows: z.array(storyRowSchema) });

export const storyResponseSchema = z.object({ story: storySchema });

/** POST /api/stories and PATCH /api/stories/:id: the saved story and the writer's progress after it. */
export const savedStorySchema = z.object({ story: storySchema, progress: progressSchema });

/** PUT/DELETE /api/stories/:id/reactions/:kind */
export const reactionResponseSchema = z.object({ reactions: reactionSummarySchema, likesCount: z.number().int() });

/** POST /api/stories/:id/view */
export const viewResponseSchema = z.object({ viewsCount: z.number().int(), counted: z.boolean() });

/** PUT/DELETE /api/favorites/:storyId: the user's favourites afterwards. */
export const favoritesResponseSchema = z.object({ favorites: z.array(z.string()) });

export const commentSchema = z.object({
  id: z.string(),
  storyId: z.string(),
  uid: z.string(),
  text: z.string(),
  createdAt: z.string(),
  created_at: z.string(),
  authorDisplayName: z.string(),
  authorProfileIcon: z.string(),
  authorProfileImage: z.string().nullable(),
  /**
   * A reply from another server (its `uid` is then the account's actor URI, not a member's):
   * the account's `@name@host`, its profile page and the reply's own page there.
   */
  fediverse: z.object({ handle: z.string(), profileUrl: z.string().nullable(), url: z.string().nullable() }).nullable(),
  /** A reply from another server waiting for the story's writer to approve it: only they see it. */
  held: z.boolean(),
  /** delete: its author or the story's; remove: an admin, with a reason; approve: the story's writer, a held reply. */
  permissions: z.object({ delete: z.boolean(), remove: z.boolean(), approve: z.boolean() }),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentCreateSchema = z
  .object({
    text: requiredText('Your comment', {
      empty: 'Please write a comment first.',
      max: COMMENT_MAX,
      tooLong: `Comments must be at most ${formatted(COMMENT_MAX)} characters.`,
    }),
  })
  .strict();

export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  commentsCount: z.number().int(),
});
export type CommentPage = z.infer<typeof commentPageSchema>;
export const commentCreatedSchema = z.object({ comment: commentSchema, commentsCount: z.number().int() });
export const commentDeletedSchema = z.object({ commentsCount: z.number().int() });

