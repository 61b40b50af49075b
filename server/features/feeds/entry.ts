import type { Selectable } from 'kysely';
import { contentWarningLine, warningsOfMask } from '@common/stories/content-warnings';
import type { StoriesTable } from '../../db/types';
import { escapeXml } from '../discovery';
import type { AtomEntry } from './atom';

/** What an entry is built from: the story row's columns a feed selects (as `s.<column>`). */
export const FEED_STORY_COLUMNS = ['id', 'uid', 'title', 'content', 'contentWarnings', 'contentWarningNote', 'authorDisplayName', 'updated_at', 'publishedAt'] as const;
export const S_FEED_STORY_COLUMNS = FEED_STORY_COLUMNS.map((c) => `s.${c}` as const);
export type FeedStoryRow = Pick<Selectable<StoriesTable>, (typeof FEED_STORY_COLUMNS)[number]>;

/**
 * The story's whole text as HTML (and XHTML: a book's chapter is made of it too), as the story
 * page shows it (white space kept), after its
 * content warnings if it has any: a paragraph
 * per blank-line-separated block, a <br> per line break within one. Everything the writer typed
 * is escaped; the document escapes this HTML once more as content type="html".
 */
export function storyContentHtml(row: Pick<FeedStoryRow, 'content' | 'contentWarnings' | 'contentWarningNote'>): string {
  const paragraphs = row.content
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.split('\n').map(escapeXml).join('<br/>')}</p>`);
  // Readers' apps show the text at once, with no "Show story" gate: the warnings come first, in bold.
  const warnings = contentWarningLine({ contentWarnings: warningsOfMask(Number(row.contentWarnings)), contentWarningNote: row.contentWarningNote });
  return (warnings === null ? paragraphs : [`<p><strong>${escapeXml(warnings)}</strong></p>`, ...paragraphs]).join('\n');
}

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
