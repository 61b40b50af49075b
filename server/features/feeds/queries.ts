import { sql } from 'kysely';
import type { guestStories } from '../discovery';
import { S_FEED_STORY_COLUMNS } from './entry';

/** What a feed may carry: the guest's stories (the sitemap's rule), as a query still open. */
export type GuestStories = ReturnType<typeof guestStories>;

/** The feed's newest `limit` stories, walking `newest` (the stories' seq, or a tag's copy of it) down. */
export function newestFeedStories(stories: GuestStories, newest: 's.seq' | 'st.storySeq', limit: number) {
  return stories.select(S_FEED_STORY_COLUMNS).orderBy(sql.ref(newest), 'desc').limit(limit).execute();
}
