import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, ServerContext } from '../context';
import { requireUser } from '../auth/session';
import { ADMINS_TOPIC, userTopic, type LiveEvent } from './bus';
import type { OpenStreams } from './streams';

const HEARTBEAT_MS = 25_000;

function lastEventId(value: string | undefined): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** GET /api/events: the signed-in user's live updates as Server-Sent Events. */
export function eventRoutes(ctx: ServerContext, streams: OpenStreams) {
  const app = new Hono<AppEnv>();
  app.get('/', requireUser, (c) => {
    const user = c.var.user!;
    const topics = [userTopic(user.uid), ...(user.admin ? [ADMINS_TOPIC] : [])];
    const resumeFrom = lastEventId(c.req.header('last-event-id'));
    c.header('cache-control', 'no-cache, no-transform');
    c.header('x-accel-buffering', 'no');

    return streamSSE(c, async (stream) => {
      let sentUpTo = resumeFrom;
      let chain = Promise.resolve();
      const send = (event: LiveEvent) => {
        chain = chain.then(async () => {
          if (event.id <= sentUpTo || stream.closed || stream.aborted) return;
          sentUpTo = event.id;
          await stream.writeSSE({ id: String(event.id), event: event.type, data: event.payload });
        });
      };
      // Subscribe before reading the backlog so nothing falls between the two.
      const unsubscribe = ctx.bus.subscribe(topics, send);
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      const forget = streams.add(finish);
      stream.onAbort(finish);
      const heartbeat = setInterval(() => {
        chain = chain.then(() => stream.write(': keep-alive\n\n').then(() => undefined));
      }, HEARTBEAT_MS);
      try {
        await stream.write(': connected\n\nretry: 3000\n\n');
        if (resumeFrom > 0) for (const event of await ctx.bus.since(topics, resumeFrom)) send(event);
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        forget();
        await chain.catch(() => {});
        await stream.close();
      }
    });
  });
  return app;
}
