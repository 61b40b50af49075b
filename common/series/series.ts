import { z } from 'zod';
import { requiredText, safeText } from '../shared/text';
import { SERIES_PER_WRITER_MAX, SERIES_STORIES_MAX } from '../shared/limits';
import { storySummarySchema } from '../stories/story';

/*
 * Series (docs/decisions/0070-series.md): a writer's own stories in an order they choose. Each
 * reader sees the parts they may read, numbered as they see them.
 */

export const SERIES_TITLE_MAX = 120;
export const SERIES_DESCRIPTION_MAX = 300;

export const SERIES_NOT_FOUND = 'Series not found';

export const SERIES_TEXTS = {
  notFound: SERIES_NOT_FOUND,
  onlyWriterEdits: 'Only the writer can change this series.',
  onlyOwnStories: 'You can only add your own stories to your series.',
  alreadyInSeries: 'This story is already in a series.',
  notInSeries: 'This story is not in this series.',
  tooManySeries: `You can have at most ${SERIES_PER_WRITER_MAX} series.`,
  tooManyStories: `A series can hold at most ${SERIES_STORIES_MAX} stories.`,
  orderMismatch: 'The series changed meanwhile: reload it and try again.',
  heading: 'Series',
  empty: 'No stories in this series yet.',
  addToSeries: 'Add to series',
  newSeries: 'New series',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove from series',
  deleteSeries: 'Delete series',
  deleteExplained: 'The series goes; its stories stay.',
  edit: 'Edit series',
  previous: 'Previous',
  next: 'Next',
  downloadBook: 'Download as a book',
  noReadableParts: 'This series has no stories to put in a book yet.',
} as const;

/** Where the series' EPUB downloads from (a plain route: a file, not JSON). */
export const seriesBookPath = (id: string) => `/api/series/${encodeURIComponent(id)}/book`;

/** "Part 3 of The Lighthouse". */
export const partOf = (number: number, title: string) => `Part ${number} of ${title}`;

export const seriesTitleSchema = requiredText('Title', {
  empty: 'Please give your series a title.',
  max: SERIES_TITLE_MAX,
  tooLong: `Title must be at most ${SERIES_TITLE_MAX} characters.`,
});

export const seriesDescriptionSchema = safeText('Description')
  .trim()
  .max(SERIES_DESCRIPTION_MAX, `Description must be at most ${SERIES_DESCRIPTION_MAX} characters.`);

/** POST /api/series */
export const seriesCreateSchema = z.object({ title: seriesTitleSchema, description: seriesDescriptionSchema.default('') }).strict();
export type SeriesCreateInput = z.input<typeof seriesCreateSchema>;

/** PATCH /api/series/:id: either or both. */
export const seriesUpdateSchema = z
  .object({ title: seriesTitleSchema.optional(), description: seriesDescriptionSchema.optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.description !== undefined, 'Say what to change.');
export type SeriesUpdateInput = z.input<typeof seriesUpdateSchema>;

/** PUT /api/series/:id/order: every story of the series (as the writer sees it), in the new order. */
export const seriesOrderSchema = z
  .object({
    storyIds: z
      .array(z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Unknown story.'), 'Give the stories in their new order.')
      .max(SERIES_STORIES_MAX, SERIES_TEXTS.tooManyStories)
      .refine((ids) => new Set(ids).size === ids.length, 'Each story once.'),
  })
  .strict();
export type SeriesOrderInput = z.input<typeof seriesOrderSchema>;

export const seriesPermissionsSchema = z.object({ edit: z.boolean(), delete: z.boolean() });
export type SeriesPermissions = z.infer<typeof seriesPermissionsSchema>;

/** A series as a reader sees it: its counts are of the parts they may read. */
export const seriesSummarySchema = z.object({
  id: z.string(),
  uid: z.string(),
  title: z.string(),
  description: z.string(),
  authorDisplayName: z.string(),
  /** The parts the reader may read. */
  storyCount: z.number().int(),
  /** Words in those parts. */
  totalWords: z.number().int(),
  /** How many times those parts were favorited (userFavorites rows). */
  favorites: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: seriesPermissionsSchema,
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

/** GET /api/series/:id: the series and its parts, in order, numbered from 1 as this reader sees them. */
export const seriesPageSchema = z.object({
  series: seriesSummarySchema,
  stories: z.array(storySummarySchema.extend({ part: z.number().int() })),
});
export type SeriesPage = z.infer<typeof seriesPageSchema>;

export const seriesResponseSchema = z.object({ series: seriesSummarySchema });
export const seriesListSchema = z.object({ series: z.array(seriesSummarySchema) });
export type SeriesList = z.infer<typeof seriesListSchema>;

/** The writer's own series, for "Add to series": which story ids each holds (all of them). */
export const ownSeriesListSchema = z.object({
  series: z.array(z.object({ id: z.string(), title: z.string(), storyIds: z.array(z.string()) })),
});
export type OwnSeriesList = z.infer<typeof ownSeriesListSchema>;

const partLinkSchema = z.object({ id: z.string(), title: z.string() });

/** GET /api/series/story/:id: where the story stands in its series, as this reader sees it; null when in none. */
export const storyPartSchema = z.object({
  part: z
    .object({
      series: z.object({ id: z.string(), title: z.string() }),
      number: z.number().int(),
      total: z.number().int(),
      previous: partLinkSchema.nullable(),
      next: partLinkSchema.nullable(),
    })
    .nullable(),
});
export type StoryPart = z.infer<typeof storyPartSchema>;
