import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from '../../../lib/idle';
import { myStoriesQuery, storyQuery } from './stories';

/**
 * Reads the writer's own newest stories (the first page of "My stories", each story whole)
 * through the service worker, which keeps the answers (build/pwa.ts): they open offline even
 * if not opened lately. Once a session, online, with a worker in control.
 *
 * One read at a time, each when the browser is idle: twenty answers arriving together were a
 * burst of main-thread work (parsing, the cache's bookkeeping) in the middle of the page's own
 * start-up, its longest tasks after the first screen (bench/long-tasks.ts on bench:lighthouse).
 */
export async function keepMyStoriesForOffline(queryClient: QueryClient): Promise<void> {
  await whenIdle();
  const page = await queryClient.fetchInfiniteQuery(myStoriesQuery('all'));
  for (const story of page.pages.flatMap((p) => p.stories)) {
    await whenIdle();
    await queryClient.prefetchQuery(storyQuery(story.id));
  }
}
