import type { z } from 'zod';
import { TAG_TEXTS } from '@common/tags/tags';
import type { TagPage, tagPageQuerySchema } from '@common/tags/tag-pages';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import type { SignedInViewer, Viewer } from '../../policy/viewer';
import { listCommunity } from '../stories';
import { deleteTagFollow, findTag, insertTagFollow, isFollowing, tagShownTo } from './queries';

/** The tag, or 404 alike for a key never used and one the viewer may not know of (queries.ts tagShownTo). */
async function tagOr404(ctx: ServerContext, viewer: Viewer, key: string) {
  const tag = await findTag(ctx.db, key);
  if (!tag || !(await tagShownTo(ctx.db, viewer, tag))) throw notFound(TAG_TEXTS.notFound);
  return tag;
}

/**
 * GET /api/tags/:name: the tag's stories through the community list itself (stories/lists.ts,
 * with the tag as its shelf), so privacy, blocks, mutes, limited and suspended writers and
 * the reader's hidden content warnings are the community's rules, written once.
 */
export async function tagPage(ctx: ServerContext, viewer: Viewer, key: string, query: z.output<typeof tagPageQuerySchema>): Promise<TagPage> {
  const tag = await tagOr404(ctx, viewer, key);
  const [page, followed] = await Promise.all([
    listCommunity(ctx.db, ctx.dialect, viewer, { ...query, q: undefined, perfect: false }, { tagId: tag.id }),
    viewer === null ? false : isFollowing(ctx.db, viewer.uid, tag.id),
  ]);
  // The guest's count, kept by the database (db/story-tags.ts): the same for every reader.
  return { ...page, tag: { key: tag.key, name: tag.name, storyCount: Number(tag.storyCount), followed } };
}

/** Follows (or stops following) a tag; doing it twice is no error. */
export async function setTagFollow(ctx: ServerContext, viewer: SignedInViewer, key: string, follow: boolean, now = new Date()): Promise<{ followed: boolean }> {
  const tag = await tagOr404(ctx, viewer, key);
  if (follow) {
    await insertTagFollow(ctx.db, viewer.uid, tag.id, now.toISOString());
  } else {
    await deleteTagFollow(ctx.db, viewer.uid, tag.id);
  }
  return { followed: follow };
}
