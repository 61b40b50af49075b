import { z } from 'zod';
import { emptyAsMissing, requiredText, safeText } from '../shared/text';
import { storySummarySchema } from '../stories/story';

/*
 * Anthologies (docs/decisions/0075-anthologies.md): themed collections any member in good
 * standing opens and edits with up to ANTHOLOGY_CO_EDITORS_MAX co-editors. Writers add their
 * own public stories (open), submit them for the editors to accept (moderated), or cannot
 * (closed). Readers see the stories they may read; followers hear of new ones in their digest.
 */

export const ANTHOLOGY_TITLE_MAX = 120;
export const ANTHOLOGY_DESCRIPTION_MAX = 500;
export const ANTHOLOGY_RULES_MAX = 1000;
/** Why an editor removed or declined a story: the writer reads it in their notification. */
export const ANTHOLOGY_REASON_MAX = 300;
/** Anthologies one person may have opened (co-editing others' is not counted). */
export const ANTHOLOGIES_PER_OWNER_MAX = 20;
/** Co-editors beside the one who opened it. */
export const ANTHOLOGY_CO_EDITORS_MAX = 5;
/** Stories one anthology holds, accepted and waiting together. */
export const ANTHOLOGY_STORIES_MAX = 500;
/** The directory's page. */
export const ANTHOLOGY_DIRECTORY_PAGE = 24;

export const ANTHOLOGY_NOT_FOUND = 'Anthology not found';

/** The covers' colours: names, not CSS, so each scheme paints them in its own contrast-checked tones. */
export const ANTHOLOGY_COVERS = ['ink', 'rose', 'amber', 'moss', 'sea', 'plum'] as const;
export type AnthologyCover = (typeof ANTHOLOGY_COVERS)[number];
export const ANTHOLOGY_COVER_LABELS: Record<AnthologyCover, string> = { ink: 'Ink', rose: 'Rose', amber: 'Amber', moss: 'Moss', sea: 'Sea', plum: 'Plum' };

/** open: a writer's public story goes in at once; moderated: the editors accept or decline it; closed: only editors add their own. */
export const ANTHOLOGY_SUBMISSIONS = ['open', 'moderated', 'closed'] as const;
export type AnthologySubmissions = (typeof ANTHOLOGY_SUBMISSIONS)[number];
/** Each mode's name ("Open submissions" on the page) and what it means (under the choice). */
export const ANTHOLOGY_SUBMISSION_LABELS: Record<AnthologySubmissions, { name: string; hint: string }> = {
  open: { name: 'Open', hint: 'Writers add their stories at once' },
  moderated: { name: 'Moderated', hint: 'Editors accept or decline each story' },
  closed: { name: 'Closed', hint: 'No new submissions' },
};

/** newest: newest accepted first; editors: the order the editors set. */
export const ANTHOLOGY_ORDERS = ['newest', 'editors'] as const;
export type AnthologyOrder = (typeof ANTHOLOGY_ORDERS)[number];
export const ANTHOLOGY_ORDER_LABELS: Record<AnthologyOrder, string> = { newest: 'Newest first', editors: "The editors' order" };

export const ANTHOLOGY_TEXTS = {
  notFound: ANTHOLOGY_NOT_FOUND,
  heading: 'Anthologies',
  directoryIntro: 'Themed collections of drabbles, gathered by members and their co-editors.',
  newAnthology: 'New anthology',
  searchLabel: 'Search anthologies',
  noneFound: 'No anthologies found.',
  noneYet: 'No anthologies yet. Open the first one.',
  following: 'Anthologies you follow',
  editing: 'Anthologies you edit',
  onlyEditors: 'Only the editors can change this anthology.',
  onlyOwner: 'Only the member who opened this anthology can do that.',
  onlyOwnStories: 'You can only submit your own stories.',
  onlyPublicStories: 'Only a public story can go into an anthology.',
  closed: 'This anthology is not taking submissions.',
  notInAnthology: 'This story is not in this anthology.',
  notPending: 'This story is not waiting for the editors.',
  reasonRequired: 'Please say why you remove this story: the writer is told.',
  tooManyAnthologies: `You can open at most ${ANTHOLOGIES_PER_OWNER_MAX} anthologies.`,
  tooManyEditors: `An anthology can have at most ${ANTHOLOGY_CO_EDITORS_MAX} co-editors.`,
  tooManyStories: `An anthology can hold at most ${ANTHOLOGY_STORIES_MAX} stories.`,
  notAMember: 'No member by that name.',
  alreadyOwner: 'The member who opened the anthology is its editor already.',
  standing: 'Your account cannot open or edit anthologies while it is limited.',
  orderMismatch: 'The anthology changed meanwhile: reload it and try again.',
  empty: 'No stories in this anthology yet.',
  submit: 'Submit to an anthology',
  submitted: 'Submitted: the editors will read it.',
  added: 'Added to the anthology.',
  withdraw: 'Withdraw',
  remove: 'Remove',
  accept: 'Accept',
  decline: 'Decline',
  follow: 'Follow',
  unfollow: 'Following',
  edit: 'Edit anthology',
  deleteAnthology: 'Delete anthology',
  deleteExplained: 'The anthology goes; its stories stay with their writers.',
  waiting: 'Waiting for the editors',
  editors: 'Editors',
  coEditors: 'Co-editors',
  addEditor: 'Add a co-editor',
  stepDown: 'Step down as co-editor',
  rules: 'Rules',
  downloadBook: 'Download as a book',
  noReadableStories: 'This anthology has no stories to put in a book yet.',
  inAnthologies: 'In anthologies',
  moveUp: 'Move up',
  moveDown: 'Move down',
} as const;

/** What a writer's notification says when an editor acts on their story. */
export const anthologyNotice = {
  accepted: (story: string, anthology: string) => `“${story}” was accepted into ${anthology}.`,
  declined: (story: string, anthology: string, reason: string) => `“${story}” was declined by ${anthology}${reason ? `: ${reason}` : '.'}`,
  removed: (story: string, anthology: string, reason: string) => `“${story}” was removed from ${anthology}: ${reason}`,
  submitted: (story: string, anthology: string) => `“${story}” was submitted to ${anthology}.`,
};

/** Where the anthology's EPUB downloads from (a plain route: a file, not JSON). */
export const anthologyBookPath = (id: string) => `/api/anthologies/${encodeURIComponent(id)}/book`;
export const anthologyPath = (id: string) => `/anthologies/${encodeURIComponent(id)}`;

export const anthologyTitleSchema = requiredText('Title', {
  empty: 'Please give your anthology a title.',
  max: ANTHOLOGY_TITLE_MAX,
  tooLong: `Title must be at most ${ANTHOLOGY_TITLE_MAX} characters.`,
});
export const anthologyDescriptionSchema = safeText('Description')
  .trim()
  .max(ANTHOLOGY_DESCRIPTION_MAX, `Description must be at most ${ANTHOLOGY_DESCRIPTION_MAX} characters.`);
export const anthologyRulesSchema = safeText('Rules').trim().max(ANTHOLOGY_RULES_MAX, `Rules must be at most ${ANTHOLOGY_RULES_MAX} characters.`);
const coverSchema = z.enum(ANTHOLOGY_COVERS, 'Choose one of the cover colours.');
const submissionsSchema = z.enum(ANTHOLOGY_SUBMISSIONS, 'Choose open, moderated or closed.');
const orderSchema = z.enum(ANTHOLOGY_ORDERS, "Choose newest first or the editors' order.");

/** POST /api/anthologies */
export const anthologyCreateSchema = z
  .object({
    title: anthologyTitleSchema,
    description: anthologyDescriptionSchema.default(''),
    rules: anthologyRulesSchema.default(''),
    cover: coverSchema.default('ink'),
    submissions: submissionsSchema.default('moderated'),
    order: orderSchema.default('newest'),
  })
  .strict();
export type AnthologyCreateInput = z.input<typeof anthologyCreateSchema>;

/** PATCH /api/anthologies/:id: any of them. */
export const anthologyUpdateSchema = z
  .object({
    title: anthologyTitleSchema.optional(),
    description: anthologyDescriptionSchema.optional(),
    rules: anthologyRulesSchema.optional(),
    cover: coverSchema.optional(),
    submissions: submissionsSchema.optional(),
    order: orderSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Say what to change.');
export type AnthologyUpdateInput = z.input<typeof anthologyUpdateSchema>;

/** DELETE /api/anthologies/:id/stories/:storyId and POST …/decline: an editor's reason (the writer withdrawing needs none). */
export const anthologyReasonSchema = z
  .object({ reason: safeText('Reason').trim().max(ANTHOLOGY_REASON_MAX, `The reason must be at most ${ANTHOLOGY_REASON_MAX} characters.`).default('') })
  .strict();
export type AnthologyReasonInput = z.input<typeof anthologyReasonSchema>;

/** PUT /api/anthologies/:id/order: every accepted story, in the editors' new order. */
export const anthologyOrderSchema = z
  .object({
    storyIds: z
      .array(z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Unknown story.'), 'Give the stories in their new order.')
      .max(ANTHOLOGY_STORIES_MAX, ANTHOLOGY_TEXTS.tooManyStories)
      .refine((ids) => new Set(ids).size === ids.length, 'Each story once.'),
  })
  .strict();
export type AnthologyOrderInput = z.input<typeof anthologyOrderSchema>;

/** GET /api/anthologies?q=&cursor= */
export const anthologyDirectoryQuerySchema = z.object({
  q: emptyAsMissing(safeText('Search').trim().max(100, 'Search at most 100 characters.').optional()),
  cursor: emptyAsMissing(z.string().max(200, 'Unknown cursor.').optional()),
});

export const anthologyPermissionsSchema = z.object({
  /** Change its title, rules, covers, submissions and order; accept, decline and remove stories. */
  edit: z.boolean(),
  /** Name and remove co-editors, delete it: the member who opened it. */
  manage: z.boolean(),
  /** Add one's own public story (at once when open or as an editor, for review when moderated). */
  submit: z.boolean(),
  follow: z.boolean(),
  report: z.boolean(),
});
export type AnthologyPermissions = z.infer<typeof anthologyPermissionsSchema>;

const personSchema = z.object({ uid: z.string(), name: z.string() });

export const anthologySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  rules: z.string(),
  cover: z.enum(ANTHOLOGY_COVERS),
  submissions: z.enum(ANTHOLOGY_SUBMISSIONS),
  order: z.enum(ANTHOLOGY_ORDERS),
  /** The member who opened it first, then the co-editors in the order they were named. */
  editors: z.array(personSchema),
  /** Accepted stories the reader may read. */
  storyCount: z.number().int(),
  followers: z.number().int(),
  following: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: anthologyPermissionsSchema,
});
export type AnthologySummary = z.infer<typeof anthologySummarySchema>;

export const anthologyStorySchema = storySummarySchema.extend({ addedAt: z.string() });
export type AnthologyStory = z.infer<typeof anthologyStorySchema>;

/** GET /api/anthologies/:id: the anthology, its stories as this reader may read them, and (for its editors) what waits. */
export const anthologyPageSchema = z.object({
  anthology: anthologySummarySchema,
  stories: z.array(anthologyStorySchema),
  /** Submissions waiting for the editors: empty for anyone else. */
  pending: z.array(anthologyStorySchema),
});
export type AnthologyPage = z.infer<typeof anthologyPageSchema>;

export const anthologyResponseSchema = z.object({ anthology: anthologySummarySchema });

/** The directory, and the anthologies a member edits and follows. */
export const anthologyListSchema = z.object({ anthologies: z.array(anthologySummarySchema), nextCursor: z.string().nullable() });
export type AnthologyList = z.infer<typeof anthologyListSchema>;
export const myAnthologiesSchema = z.object({ editing: z.array(anthologySummarySchema), following: z.array(anthologySummarySchema) });
export type MyAnthologies = z.infer<typeof myAnthologiesSchema>;

/** PUT /api/anthologies/:id/stories/:storyId: in at once, or waiting for the editors. */
export const anthologySubmitAnswerSchema = z.object({ status: z.enum(['accepted', 'pending']), message: z.string() });
export type AnthologySubmitAnswer = z.infer<typeof anthologySubmitAnswerSchema>;

/** GET /api/anthologies/story/:storyId: the anthologies holding the story that the reader may see (and, for its writer, where it waits). */
export const storyAnthologiesSchema = z.object({
  anthologies: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(['accepted', 'pending']) })),
});
export type StoryAnthologies = z.infer<typeof storyAnthologiesSchema>;

/** PUT /api/anthologies/:id/editors: a co-editor by their handle or uid. */
export const anthologyEditorAddSchema = z.object({ member: requiredText('Member', { empty: 'Name the member to add.', max: 100, tooLong: 'No member by that name.' }) }).strict();
export type AnthologyEditorAddInput = z.input<typeof anthologyEditorAddSchema>;
