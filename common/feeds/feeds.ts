import { SITE_NAME } from '../stories/share';
import type { DayKey } from '../prompts/prompts';

/**
 * Atom feeds for readers' apps: where each page's feed is and what it is called.
 * The server serves them and names them in the page's HTML (<link rel="alternate">); the
 * screens offer their address to copy ("Atom feed"). Each sits under its page's own address,
 * beside no client route.
 */
export const ATOM_CONTENT_TYPE = 'application/atom+xml';

/** The screens' "Atom feed" button and the panel it opens ("Feed" alone is the top bar's following feed). */
export const FEED_TEXTS = {
  button: 'Atom feed',
  explanation: 'Follow these stories in a feed reader app: add this address to it, and new ones show up there.',
  addressLabel: 'Feed address',
  copy: 'Copy address',
  copied: 'Address copied.',
  copyFailed: 'Could not copy: select the address and copy it.',
} as const;

/** A page's feed: its address (a path on the site) and the title readers' apps show for it. */
export interface FeedLink {
  path: string;
  title: string;
}

export const communityFeed = (): FeedLink => ({ path: '/community/feed.atom', title: `${SITE_NAME}: newest stories` });

export const writerFeed = (uid: string, displayName: string): FeedLink => ({
  path: `/user/${encodeURIComponent(uid)}/feed.atom`,
  title: `${displayName} on ${SITE_NAME}`,
});

/** A tag's feed (by its key, the tag page's address); its title names the tag as first written. */
export const tagFeed = (key: string, name: string): FeedLink => ({ path: `/tag/${encodeURIComponent(key)}/feed.atom`, title: `${SITE_NAME}: stories tagged #${name}` });

export const promptDayFeed = (day: DayKey): FeedLink => ({ path: `/prompt/${day}/feed.atom`, title: `${SITE_NAME}: stories for the prompt of ${day}` });

/** A series' feed (/series/<id>, docs/decisions/0070-series.md): its parts a guest may read, newest first. */
export const seriesFeed = (id: string, title: string): FeedLink => ({ path: `/series/${encodeURIComponent(id)}/feed.atom`, title: `${SITE_NAME}: ${title}, a series` });

/** An anthology's feed (/anthologies/<id>, docs/decisions/0075-anthologies.md): its stories a guest may read, newest first. */
export const anthologyFeed = (id: string, title: string): FeedLink => ({ path: `/anthologies/${encodeURIComponent(id)}/feed.atom`, title: `${SITE_NAME}: ${title}, an anthology` });
