import { SERIES_NOT_FOUND, SERIES_TEXTS, type SeriesPermissions } from '@common/series/series';
import { forbidden, notFound } from '../../http/errors';
import { assertSignedIn, own, type Viewer } from '../../policy/viewer';

/**
 * Who may do what with a series (docs/decisions/0070-series.md). The API sends the answers
 * (`permissions`) with every series so the UI shows exactly the controls the server allows.
 *
 * - read: its writer always; anyone else only while at least one of its parts is a story they
 *   may read (readable-stories.ts decides that, so a private, hidden, suspended writer's or
 *   blocked story counts for nothing): otherwise 404 'Series not found', as for an unknown id.
 * - edit (rename, describe, add, remove and reorder parts), delete: own. No admin-any.
 * - Adding a story: the story must be the writer's own as well (authorizeSeriesStory).
 */
export interface SeriesFacts {
  uid: string;
  /** How many of its parts the viewer may read. */
  readableParts: number;
}

export type SeriesAction = 'read' | keyof SeriesPermissions;

const read = (viewer: Viewer, series: SeriesFacts) => own(viewer, series) || series.readableParts > 0;

const rules: Record<SeriesAction, (viewer: Viewer, series: SeriesFacts) => boolean> = {
  read,
  edit: own,
  delete: own,
};

export const seriesPolicy = {
  can: (viewer: Viewer, action: SeriesAction, series: SeriesFacts): boolean => rules[action](viewer, series),
  permissions: (viewer: Viewer, series: SeriesFacts): SeriesPermissions => ({ edit: rules.edit(viewer, series), delete: rules.delete(viewer, series) }),
};

/** 404 when missing or unreadable; 401 for a guest and 403 for a reader when they may not do `action`. */
export function authorizeSeries<S extends SeriesFacts>(viewer: Viewer, action: SeriesAction, series: S | null | undefined): asserts series is S {
  if (!series || !read(viewer, series)) throw notFound(SERIES_NOT_FOUND);
  if (action === 'read') return;
  assertSignedIn(viewer);
  if (!rules[action](viewer, series)) throw forbidden(SERIES_TEXTS.onlyWriterEdits);
}

/** A story added to a series must be the series writer's own: 403 for someone else's (that the viewer can read at all). */
export function authorizeSeriesStory(viewer: Viewer, story: { uid: string }): void {
  if (!own(viewer, story)) throw forbidden(SERIES_TEXTS.onlyOwnStories);
}
