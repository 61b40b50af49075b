import type { ServerContext } from '../../context';
import { federationOf } from './of-context';

/*
 * Federation's work done by the clock, run as named jobs (server/jobs/index.ts). Besides these,
 * the service sends a writer's stories as soon as a live event names them.
 */

/** How far back "lately" reaches: several periods, so a slow pass or a clock step misses nothing. */
const RECENT_WINDOW_MS = 60_000;

/** Sends what followers are owed for the stories edited lately: an edit may record no event. */
export async function sendRecentStories(ctx: ServerContext, now: Date): Promise<void> {
  await federationOf(ctx)?.stories.sendRecent(new Date(now.getTime() - RECENT_WINDOW_MS).toISOString());
}

/** Looks at every story, in case anything slipped past both (a restore, a change made by hand). */
export async function sendAllStories(ctx: ServerContext): Promise<void> {
  const service = federationOf(ctx);
  if (!service) return;
  service.stories.trigger();
  await service.stories.settled();
}

/** Drops the expired entries of Fedify's cache (fedKv). */
export async function pruneFederationCache(ctx: ServerContext): Promise<void> {
  await federationOf(ctx)?.fed.kv.prune();
}
