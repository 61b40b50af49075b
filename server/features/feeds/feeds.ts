import { anthologyFeed, communityFeed, promptDayFeed, seriesFeed, tagFeed, writerFeed, type FeedLink } from '@common/feeds/feeds';
import { tagParamSchema, tagPath } from '@common/tags/tags';
import { hasPromptPage, isDayKey, promptForDay } from '@common/prompts/prompts';
import { SITE_NAME } from '@common/stories/share';
import type { ServerContext } from '../../context';
import { profilePolicy } from '../../policy/profiles';
import { guestStories } from '../discovery';
import { findPublicProfile } from '../profile';
import { findTag, tagShownTo } from '../tags';
import { guestSeries } from '../series';
import { guestAnthology } from '../anthologies';
import { atomXml, type AtomPerson } from './atom';
import { storyEntry } from './entry';
import { newestFeedStories, type GuestStories } from './queries';

/** How many stories a feed carries, newest first. */
export const FEED_LIMIT = 50;

/** When a feed has no entry yet: the feed has not changed since the start of time. */
const NEVER = new Date(0).toISOString();

/**
 * One feed: its link, the page it follows, its author and which of the stories a guest may
 * find it carries. A new feed (a tag's) is one more function returning one of these.
 */
export interface FeedSpec {
  link: FeedLink;
  /** The page's path. */
  page: string;
  subtitle?: string;
  /** The writer for one writer's feed; the site for the shared shelves. */
  author?: AtomPerson;
  /** The guest's stories this feed carries, from `guestStories` (the sitemap's rule) and no wider. */
  stories: (ctx: ServerContext) => GuestStories;
  /** What newest first walks, when not the stories' own seq: a tag's copy of it on its own index. */
  newest?: 'st.storySeq';
}

/** /community/feed.atom: the community shelf's newest. */
export function communityFeedSpec(): FeedSpec {
  return { link: communityFeed(), page: '/community', subtitle: 'Public stories from every Drabble writer.', stories: (ctx) => guestStories(ctx) };
}

/** /user/<uid>/feed.atom: null when a guest may not see the writer (unknown, suspended, deactivated, deleted). */
export async function writerFeedSpec(ctx: ServerContext, uid: string): Promise<FeedSpec | null> {
  const found = await findPublicProfile(ctx.db, uid);
  if (!found || !profilePolicy.can(null, 'read', found)) return null;
  const page = `/user/${encodeURIComponent(found.uid)}`;
  return {
    link: writerFeed(found.uid, found.profile.displayName),
    page,
    author: { name: found.profile.displayName, uri: ctx.config.publicUrl + page },
    stories: (c) => guestStories(c, { author: found.uid }),
  };
}

/** /prompt/<day>/feed.atom: null for a string that is no day, or a day without a prompt page. */
export function promptDayFeedSpec(day: string, now: Date): FeedSpec | null {
  if (!isDayKey(day) || !hasPromptPage(day, now)) return null;
  const prompt = promptForDay(day);
  return {
    link: promptDayFeed(day),
    page: `/prompt/${day}`,
    subtitle: `${prompt.genre} · ${prompt.theme} · ${prompt.twist}`,
    stories: (ctx) => guestStories(ctx).where('s.promptDay', '=', day),
  };
}

/** /tag/<name>/feed.atom (any spelling, by key): null for a name that is no tag. */
export async function tagFeedSpec(ctx: ServerContext, name: string): Promise<FeedSpec | null> {
  const key = tagParamSchema.safeParse(name);
  if (!key.success) return null;
  const tag = await findTag(ctx.db, key.data);
  // A tag only on private stories has no feed, as it has no page: its name stays untold.
  if (!tag || !(await tagShownTo(ctx.db, null, tag))) return null;
  return {
    link: tagFeed(tag.key, tag.name),
    page: tagPath(tag.key),
    subtitle: `Public stories tagged #${tag.name}.`,
    // Joined and walked newest first on the tag's (tagId, storySeq) index: the page's fifty rows, whatever the tag's size.
    // ($if keeps the builder's type while the join adds the table.)
    stories: (c) => guestStories(c).$if(true, (q) => q.innerJoin('storyTags as st', 'st.storyId', 's.id').where('st.tagId', '=', tag.id)),
    newest: 'st.storySeq',
  };
}

/** /series/<id>/feed.atom: null unless a guest may see the series (one of its parts is theirs to read). */
export async function seriesFeedSpec(ctx: ServerContext, id: string): Promise<FeedSpec | null> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) return null;
  const series = await guestSeries(ctx.db, id);
  if (!series) return null;
  return {
    link: seriesFeed(series.id, series.title),
    page: `/series/${encodeURIComponent(series.id)}`,
    subtitle: series.description || `A series by ${series.writer}.`,
    author: { name: series.writer, uri: `${ctx.config.publicUrl}/series/${encodeURIComponent(series.id)}` },
    // $if keeps the builder's type while the join adds the table.
    stories: (c) => guestStories(c).$if(true, (q) => q.innerJoin('seriesStories as ss', 'ss.storyId', 's.id').where('ss.seriesId', '=', series.id)),
  };
}

export interface BuiltFeed {
  xml: string;
  /** The newest entry's update (the feed's <updated>): Last-Modified. */
  updated: string;
}

/** The feed's document: its newest FEED_LIMIT stories, in the order of the page it follows. */
export async function buildFeed(ctx: ServerContext, spec: FeedSpec, limit = FEED_LIMIT): Promise<BuiltFeed> {
  const base = ctx.config.publicUrl;
  const rows = await newestFeedStories(spec.stories(ctx), spec.newest ?? 's.seq', limit);
  const entries = rows.map((row) => storyEntry(base, row));
  const updated = entries.reduce((newest, e) => (e.updated > newest ? e.updated : newest), NEVER);
  const xml = atomXml({
    selfUrl: base + spec.link.path,
    pageUrl: base + spec.page,
    title: spec.link.title,
    subtitle: spec.subtitle,
    author: spec.author ?? { name: SITE_NAME, uri: `${base}/` },
    updated,
    entries,
  });
  return { xml, updated };
}

/** /anthologies/<id>/feed.atom: null unless a guest may see the anthology; its accepted stories a guest may read. */
export async function anthologyFeedSpec(ctx: ServerContext, id: string): Promise<FeedSpec | null> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) return null;
  const anthology = await guestAnthology(ctx.db, id);
  if (!anthology) return null;
  const page = `/anthologies/${encodeURIComponent(anthology.id)}`;
  return {
    link: anthologyFeed(anthology.id, anthology.title),
    page,
    subtitle: anthology.description || `An anthology edited by ${anthology.editors}.`,
    author: { name: anthology.editors, uri: `${ctx.config.publicUrl}${page}` },
    stories: (c) =>
      guestStories(c).$if(true, (q) => q.innerJoin('anthologyStories as x', 'x.storyId', 's.id').where('x.anthologyId', '=', anthology.id).where('x.status', '=', 'accepted')),
  };
}
