import { sql } from 'kysely';
import type { GuestStories } from './feeds';
import { S_FEED_STORY_COLUMNS } from './entry';

/** The feed's newest `limit` stories, walking `newest` (the stories' seq, or a tag's copy of it) down. */
export function newestFeedStories(stories: GuestStories, newest: 's.seq' | 'st.storySeq', limit: number) {
  return stories.select(S_FEED_STORY_COLUMNS).orderBy(sql.ref(newest), 'desc').limit(limit).execute();
}
