import { Hono } from 'hono';
import {
  followSettingsSchema,
  writerPageQuerySchema,
  writerSearchQuerySchema,
  type RelationshipResponse,
  type WriterSuggestions,
} from '@common/social';
import type { AppEnv, ServerContext } from '../../context';
import { requireUser } from '../../auth/session';
import { userIdParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson, readQuery } from '../../http/validate';
import { listFollowers, listFollowing, listFriends, listRequests, searchWriters, suggestWriters } from './lists';
import { answerRequest, changeFollowSettings, follow, readFollowSettings, readRelationship, removeFollower, unfollow, visibleProfile } from './service';

/**
 * The follow graph (common/social.ts lists every endpoint). Mounted at /api beside other
 * routers, so guards are attached per route, never with app.use: a catch-all here would run
 * for every later API request. Every graph write counts under `followActions`.
 */
export function followRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const limited = rateLimit(ctx, 'followActions');

  app.get('/users/:uid/relationship', async (c) =>
    c.json({ relationship: await readRelationship(ctx, c.var.viewer, userIdParam(c)) } satisfies RelationshipResponse),
  );

  app.get('/users/:uid/following', async (c) => {
    const uid = await visibleProfile(ctx, c.var.viewer, userIdParam(c));
    return c.json(await listFollowing(ctx.db, c.var.viewer, uid, readQuery(c, writerPageQuerySchema).cursor));
  });

  app.get('/users/:uid/followers', async (c) => {
    const uid = await visibleProfile(ctx, c.var.viewer, userIdParam(c));
    return c.json(await listFollowers(ctx.db, c.var.viewer, uid, readQuery(c, writerPageQuerySchema).cursor));
  });

  app.get('/follows/requests', requireUser, async (c) => c.json(await listRequests(ctx.db, c.var.viewer, readQuery(c, writerPageQuerySchema).cursor)));

  for (const [action, accept] of [['accept', true], ['decline', false]] as const) {
    app.post(`/follows/requests/:uid/${action}`, requireUser, limited, async (c) => {
      await answerRequest(ctx, c.var.viewer, userIdParam(c), accept);
      return c.json({ ok: true as const });
    });
  }

  app.post('/follows/:uid', requireUser, limited, async (c) =>
    c.json({ relationship: await follow(ctx, c.var.viewer, userIdParam(c)) } satisfies RelationshipResponse),
  );

  app.delete('/follows/:uid', requireUser, limited, async (c) =>
    c.json({ relationship: await unfollow(ctx, c.var.viewer, userIdParam(c)) } satisfies RelationshipResponse),
  );

  app.delete('/followers/:uid', requireUser, limited, async (c) =>
    c.json({ relationship: await removeFollower(ctx, c.var.viewer, userIdParam(c)) } satisfies RelationshipResponse),
  );

  app.get('/me/friends', requireUser, async (c) => c.json(await listFriends(ctx.db, c.var.viewer, readQuery(c, writerPageQuerySchema).cursor)));

  app.get('/me/follow-settings', requireUser, async (c) => c.json(await readFollowSettings(ctx, c.var.viewer)));

  app.patch('/me/follow-settings', requireUser, async (c) => {
    const settings = await readJson(c, followSettingsSchema);
    return c.json(await changeFollowSettings(ctx, c.var.viewer, settings));
  });

  app.get('/writers/search', requireUser, async (c) => {
    const { q, cursor } = readQuery(c, writerSearchQuerySchema);
    return c.json(await searchWriters(ctx.db, c.var.viewer, q, cursor));
  });

  app.get('/writers/suggestions', requireUser, async (c) => c.json({ writers: await suggestWriters(ctx.db, c.var.viewer) } satisfies WriterSuggestions));

  return app;
}
