import type { QueryClient } from '@tanstack/react-query';
import { myStoriesQuery, storyQuery } from './stories';

/**
 * Reads the writer's own newest stories (the first page of "My stories", each story whole)
 * through the service worker, which keeps the answers (build/pwa.ts): they open offline even
 * if not opened lately (issue 29). Once a session, online, with a worker in control.
 */
export async function keepMyStoriesForOffline(queryClient: QueryClient): Promise<void> {
  const page = await queryClient.fetchInfiniteQuery(myStoriesQuery('all'));
  const stories = page.pages.flatMap((p) => p.stories);
  await Promise.all(stories.map((story) => queryClient.prefetchQuery(storyQuery(story.id))));
}
