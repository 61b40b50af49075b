import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, StoriesTable } from '../db/types';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { follows, noBlockBetween, notMutedBy } from './relations';
import type { Viewer } from './viewer';

/**
 * The stories a viewer may read, in SQL: storyPolicy `read` (stories.ts) for a whole list.
 * Every list, search, profile, favourites and feed query starts here, so a rule added once
 * (blocking, say) reaches them all. The two must agree; readable-stories.test.ts checks it.
 *
 * The condition is as narrow as the scope allows, so each list keeps its own index
 * (migration 0003): a guest's or a shared shelf's `public = 1` leads the community indexes;
 * the viewer's own stories are just `uid = me`; only a list that mixes both (favourites)
 * gets `public = 1 or uid = me`.
 */
export interface StoryScope {
  /** Only this writer's stories. */
  author?: string;
  /**
   * Only public stories, even the viewer's own private ones: the shared shelves
   * (community, search, a public profile) show what everyone may read.
   */
  publicOnly?: boolean;
  /** Also leave out writers the viewer has muted (the feed and community; not a profile they opened). */
  excludeMuted?: boolean;
  /** The community shelf and search: a limited writer's stories only for their followers (and themselves). */
  excludeLimited?: boolean;
  /**
   * The reader's lists (community, a profile, a prompt day, the feed): leave out stories with a
   * content warning the reader hides (`viewer.hiddenWarnings`), never the reader's own.
   */
  excludeHiddenWarnings?: boolean;
}

const eb = expressionBuilder<{ s: StoriesTable }, 's'>();

/** The condition on the stories row aliased `s`, for queries that start elsewhere (a join). */
export function readableBy(viewer: Viewer, scope: StoryScope = {}): Expression<SqlBool> {
  const { author, publicOnly = false } = scope;
  const conditions: Array<Expression<SqlBool>> = [];
  if (author !== undefined) conditions.push(eb('s.uid', '=', author));
  const ownShelf = viewer !== null && author === viewer.uid;
  // A suspended or deactivated writer's stories exist for no one else (authorState, migration 0011).
  const notHidden = eb('s.authorState', '<', AUTHOR_STATE.hidden);
  const shown = viewer === null ? notHidden : eb.or([notHidden, eb('s.uid', '=', viewer.uid)]);
  if (publicOnly || viewer === null || (author !== undefined && !ownShelf)) conditions.push(eb('s.public', '=', 1), shown);
  else if (!ownShelf) conditions.push(eb.or([eb.and([eb('s.public', '=', 1), shown]), eb('s.uid', '=', viewer.uid)]));
  if (scope.excludeLimited) {
    const unlimited = eb('s.authorState', '=', AUTHOR_STATE.visible);
    conditions.push(viewer === null ? unlimited : eb.or([unlimited, eb('s.uid', '=', viewer.uid), follows(viewer.uid, 's.uid')]));
  }
  // An anonymous contest entry (stories.contestId) is on no one's list but its author's
  // until the results are out: a list would say whose it is. The contest page shows it without them.
  if (!ownShelf) conditions.push(viewer === null ? eb('s.contestId', 'is', null) : eb.or([eb('s.contestId', 'is', null), eb('s.uid', '=', viewer.uid)]));
  // Blocks hide stories both ways, on every list; a writer's own stories are never hidden from them.
  if (viewer !== null && !ownShelf) {
    conditions.push(noBlockBetween(viewer.uid, 's.uid'));
    if (scope.excludeMuted) conditions.push(notMutedBy(viewer.uid, 's.uid', new Date().toISOString()));
  }
  if (scope.excludeHiddenWarnings) {
    const hidden = withoutHiddenWarnings(viewer, 's.uid', 's.contentWarnings');
    if (hidden) conditions.push(hidden);
  }
  return eb.and(conditions);
}

/**
 * `(<warnings> & <hidden mask>) = 0 or <uid> = me`: the story carries none of the warnings the
 * reader hides, or is their own. Null when the reader hides none (nothing to add to the query).
 * The mask is the reader's own integer, a parameter.
 */
export function withoutHiddenWarnings(viewer: Viewer, uidColumn: 's.uid', warningsColumn: 's.contentWarnings'): Expression<SqlBool> | null {
  const mask = viewer?.hiddenWarnings ?? 0;
  if (viewer === null || mask === 0) return null;
  return eb.or([eb(sql<number>`(${sql.ref(warningsColumn)} & ${mask})`, '=', 0), eb(uidColumn, '=', viewer.uid)]);
}

/** `from stories as s where <readable by viewer>`: the start of every story list. */
export function readableStories(db: Kysely<Database>, viewer: Viewer, scope: StoryScope = {}) {
  return db.selectFrom('stories as s').where(readableBy(viewer, scope));
}
