import { profileShareText, storyShareText, type SharedPage } from '@common/stories/share';
import { ANONYMOUS_AUTHOR } from '@common/contests/contests';
import { HANDLE_PATTERN, normalizeHandleInput } from '@common/handles/handle';
import type { ServerContext } from '../../context';
import { findByHandle } from '../../shared/handles';
import { profilePolicy } from '../../policy/profiles';
import { storyPolicy } from '../../policy/stories';
import { findPublicProfile } from '../profile';
import { findStoryRow } from '../stories';

/** The shareable client routes: /story/<id>, /user/<uid> and /@<handle> (a trailing slash allowed; the editor is not shared). */
const STORY_PATH = /^\/story\/([A-Za-z0-9]{1,64})\/?$/;
const USER_PATH = /^\/user\/([A-Za-z0-9_-]{1,64})\/?$/;
const HANDLE_PATH = /^\/@([A-Za-z0-9_]{1,64})\/?$/;

/**
 * What a link preview may show of `pathname`, described as a guest sees it, by the same policies
 * as the API: a public story or a profile a guest may read. A private story reads exactly like a missing one (null), so a preview
 * never tells a stranger its title or that it exists.
 */
export async function sharedPageAt(ctx: ServerContext, pathname: string): Promise<SharedPage | null> {
  const base = ctx.config.publicUrl;
  const storyId = STORY_PATH.exec(pathname)?.[1];
  if (storyId) {
    const row = await findStoryRow(ctx.db, storyId);
    if (!row || !storyPolicy.can(null, 'read', row)) return null;
    // An anonymous contest entry names no author until its results are out.
    const anonymous = row.contestId !== null;
    return {
      ...storyShareText({ title: row.title, content: row.content, authorDisplayName: anonymous ? ANONYMOUS_AUTHOR : row.authorDisplayName }),
      type: 'article',
      url: `${base}/story/${row.id}`,
      ...(anonymous ? {} : { author: { name: row.authorDisplayName, url: `${base}/user/${row.uid}` } }),
    };
  }
  const uid = USER_PATH.exec(pathname)?.[1] ?? (await uidOfHandle(ctx, HANDLE_PATH.exec(pathname)?.[1]));
  if (uid) {
    const found = await findPublicProfile(ctx.db, uid);
    // The API's rule: a suspended, deactivated or deleted account is missing to a guest. The
    // address it is known by is its uid's, which a change of handle never moves.
    if (!found || !profilePolicy.can(null, 'read', found)) return null;
    return { ...profileShareText(found.profile), type: 'profile', url: `${base}/user/${found.uid}` };
  }
  return null;
}

/** The writer a /@handle page shows (an old handle of theirs too); the profile's own rule then decides. */
async function uidOfHandle(ctx: ServerContext, asked: string | undefined): Promise<string | undefined> {
  const handle = asked === undefined ? '' : normalizeHandleInput(asked);
  if (!HANDLE_PATTERN.test(handle)) return undefined;
  return (await findByHandle(ctx.db, handle))?.uid;
}

/**
 * The lookup the web app's HTML is served with. A failed lookup must not cost the reader the
 * page: it is logged and the page goes out with the site's generic description.
 */
export function sharedPages(ctx: ServerContext) {
  return async (pathname: string): Promise<SharedPage | null> => {
    try {
      return await sharedPageAt(ctx, pathname);
    } catch (error) {
      ctx.logger.warn({ err: error, pathname }, 'link preview lookup failed');
      return null;
    }
  };
}
