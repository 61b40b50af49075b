import type { Selectable } from 'kysely';
import type { StoriesTable } from '../../db/types';
import { storyContentHtml } from '../../shared/story-html';
import type { AtomEntry } from './atom';

/** What an entry is built from: the story row's columns a feed selects (as `s.<column>`). */
export const FEED_STORY_COLUMNS = ['id', 'uid', 'title', 'content', 'contentWarnings', 'contentWarningNote', 'authorDisplayName', 'updated_at', 'publishedAt'] as const;
export const S_FEED_STORY_COLUMNS = FEED_STORY_COLUMNS.map((c) => `s.${c}` as const);
export type FeedStoryRow = Pick<Selectable<StoriesTable>, (typeof FEED_STORY_COLUMNS)[number]>;

const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/**
 * One story as an Atom entry. Published is when it last became public; updated is the later of
 * that and its last edit, so a story made public again comes back as new to readers' apps.
 */
export function storyEntry(base: string, row: FeedStoryRow): AtomEntry {
  const url = `${base}/story/${encodeURIComponent(row.id)}`;
  return {
    id: url,
    title: row.title,
    updated: later(row.updated_at, row.publishedAt),
    published: row.publishedAt ?? row.updated_at,
    author: { name: row.authorDisplayName, uri: `${base}/user/${encodeURIComponent(row.uid)}` },
    url,
    contentHtml: storyContentHtml(row),
  };
}
