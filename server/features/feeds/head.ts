import type { ServerContext } from '../../context';
import type { PageFeed } from '../../static';
import { anthologyFeedSpec, communityFeedSpec, promptDayFeedSpec, seriesFeedSpec, tagFeedSpec, writerFeedSpec, type FeedSpec } from './feeds';

/** The pages with a feed, as client routes (a trailing slash allowed). */
const COMMUNITY_PATH = /^\/community\/?$/;
const USER_PATH = /^\/user\/([A-Za-z0-9_-]{1,64})\/?$/;
const PROMPT_PATH = /^\/prompt\/(\d{4}-\d\d-\d\d)\/?$/;
const TAG_PATH = /^\/tag\/([^/]{1,200})\/?$/;
const SERIES_PATH = /^\/series\/([A-Za-z0-9]{1,64})\/?$/;
const ANTHOLOGY_PATH = /^\/anthologies\/([A-Za-z0-9]{1,64})\/?$/;

async function feedSpecOfPage(ctx: ServerContext, pathname: string): Promise<FeedSpec | null> {
  if (COMMUNITY_PATH.test(pathname)) return communityFeedSpec();
  const uid = USER_PATH.exec(pathname)?.[1];
  if (uid) return writerFeedSpec(ctx, uid);
  const day = PROMPT_PATH.exec(pathname)?.[1];
  if (day) return promptDayFeedSpec(day, new Date());
  const tag = TAG_PATH.exec(pathname)?.[1];
  if (tag) return tagFeedSpec(ctx, tag);
  const series = SERIES_PATH.exec(pathname)?.[1];
  if (series) return seriesFeedSpec(ctx, series);
  const anthology = ANTHOLOGY_PATH.exec(pathname)?.[1];
  if (anthology) return anthologyFeedSpec(ctx, anthology);
  return null;
}

/**
 * The feed the web app's page at `pathname` names in its HTML (<link rel="alternate">), for
 * readers' apps, which run no JavaScript: only where the feed exists (a profile a guest may see,
 * a day with a prompt page). A failed lookup costs the page only its link: it is logged.
 */
export function pageFeeds(ctx: ServerContext) {
  return async (pathname: string): Promise<PageFeed | null> => {
    try {
      const spec = await feedSpecOfPage(ctx, pathname);
      return spec && { title: spec.link.title, url: ctx.config.publicUrl + spec.link.path };
    } catch (error) {
      ctx.logger.warn({ err: error, pathname }, 'feed link lookup failed');
      return null;
    }
  };
}
