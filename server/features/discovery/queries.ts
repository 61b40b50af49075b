import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import { readableStories, type StoryScope } from '../../policy/readable-stories';

/**
 * The stories a guest may find on the shared shelves: public, by writers in good standing (not
 * limited, suspended, deactivated or deleted). No block or mute applies, as a guest has none.
 * The sitemap lists them and the Atom feeds (features/feeds) carry them; `author` narrows to one writer.
 */
export const guestStories = (ctx: ServerContext, scope: Pick<StoryScope, 'author'> = {}) => readableStories(ctx.db, null, { ...scope, publicOnly: true, excludeLimited: true });

/** How many stories a guest may find, how many writers wrote them, or how many tags they carry. */
export async function countGuestRows(ctx: ServerContext, kind: 'stories' | 'writers' | 'tags'): Promise<number> {
  const readable = guestStories(ctx);
  const counted =
    kind === 'stories'
      ? readable.select((eb) => eb.fn.countAll<number>().as('n'))
      : kind === 'writers'
        ? readable.select(sql<number>`count(distinct s.uid)`.as('n'))
        : readable.innerJoin('storyTags as st', 'st.storyId', 's.id').select(sql<number>`count(distinct st."tagId")`.as('n'));
  const row = await counted.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of the stories a guest may find, oldest first. */
export function guestStoryPage(ctx: ServerContext, limit: number, offset: number) {
  return guestStories(ctx).select(['s.id', 's.updated_at']).orderBy('s.seq').limit(limit).offset(offset).execute();
}

/** One page of the tags on stories a guest may find, by key. */
export function guestTagPage(ctx: ServerContext, limit: number, offset: number) {
  return guestStories(ctx)
    .innerJoin('storyTags as st', 'st.storyId', 's.id')
    .innerJoin('tags as t', 't.id', 'st.tagId')
    .select('t.key')
    .distinct()
    .orderBy('t.key')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One page of the writers of stories a guest may find, by uid. */
export function guestWriterPage(ctx: ServerContext, limit: number, offset: number) {
  return guestStories(ctx).select('s.uid').distinct().orderBy('s.uid').limit(limit).offset(offset).execute();
}
