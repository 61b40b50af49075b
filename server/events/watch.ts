import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PUBLIC_STORIES_TOPIC, profileTopic, storyTopic, watchTargetSchema, type WatchTarget } from '@common/events/live-events';
import type { Database } from '../db/types';
import { notFound } from '../http/errors';
import { readableStories } from '../policy/readable-stories';
import { STORY_NOT_FOUND } from '../policy/stories';
import { USER_NOT_FOUND } from '../policy/profiles';
import { blockedEitherWay } from '../policy/relations';
import type { SignedInViewer } from '../policy/viewer';

/**
 * GET /api/events query: `since` is the Last-Event-ID for clients that cannot set the header
 * (the header wins when both are sent); `watch` is what the tab shows (watchTargetSchema).
 */
export const eventsQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'since must be an event id.')
    .transform(Number)
    .optional(),
  watch: watchTargetSchema.optional(),
});

/**
 * The topics a watch target adds to the viewer's own, once the viewer may see the target:
 * a story they cannot read is 'Story not found' (readable-stories policy, blocks included);
 * a missing writer, or one blocked either way, is 'User not found' — never "you are blocked".
 */
export async function watchTopics(db: Kysely<Database>, viewer: SignedInViewer, target: WatchTarget): Promise<string[]> {
  if (target === 'community') return [PUBLIC_STORIES_TOPIC];
  const [kind, id = ''] = splitTarget(target);
  if (kind === 'story') {
    const story = await readableStories(db, viewer).select('s.id').where('s.id', '=', id).executeTakeFirst();
    if (!story) throw notFound(STORY_NOT_FOUND);
    return [storyTopic(id)];
  }
  const user = await db.selectFrom('users').select('uid').where('uid', '=', id).executeTakeFirst();
  if (!user || (await blockedEitherWay(db, viewer.uid, id))) throw notFound(USER_NOT_FOUND);
  return [profileTopic(id), PUBLIC_STORIES_TOPIC];
}

function splitTarget(target: WatchTarget): [string, string] {
  const colon = target.indexOf(':');
  return [target.slice(0, colon), target.slice(colon + 1)];
}
