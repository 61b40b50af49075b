import { Hono } from 'hono';
import { aboutMeUpdateSchema, detailsUpdateSchema, profileIconUpdateSchema, pronounsUpdateSchema } from '@common/profile';
import { pageQuerySchema } from '@common/story';
import type { MeResponse } from '@common/user';
import type { AppEnv, ServerContext } from '../../context';
import { actorOf } from '../../shared/actor';
import { requireUser } from '../../auth/session';
import { userIdParam } from '../../http/params';
import { readJson, readQuery } from '../../http/validate';
import {
  changeAboutMe,
  changeDetails,
  changePronouns,
  changeProfileIcon,
  myStats,
  publicProfile,
  publicStories,
} from './service';

/**
 * /api/me: the signed-in writer's own profile. Every route acts on the session's user;
 * there is no way to name another (a uid in a body is an unknown key: 400).
 */
export function profileRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.patch('/profile-icon', requireUser, async (c) => {
    const { profileIcon } = await readJson(c, profileIconUpdateSchema);
    return c.json({ user: await changeProfileIcon(ctx, actorOf(c), profileIcon) } satisfies MeResponse);
  });

  app.patch('/about', requireUser, async (c) => {
    const { aboutMe } = await readJson(c, aboutMeUpdateSchema);
    return c.json({ user: await changeAboutMe(ctx, actorOf(c), aboutMe) } satisfies MeResponse);
  });

  app.patch('/pronouns', requireUser, async (c) => {
    const { pronouns } = await readJson(c, pronounsUpdateSchema);
    return c.json({ user: await changePronouns(ctx, actorOf(c), pronouns) } satisfies MeResponse);
  });

  app.patch('/details', requireUser, async (c) => {
    const details = await readJson(c, detailsUpdateSchema);
    return c.json({ user: await changeDetails(ctx, actorOf(c), details) } satisfies MeResponse);
  });

  app.get('/stats', requireUser, async (c) => c.json(await myStats(ctx, c.var.viewer)));

  return app;
}

/** /api/users: public profiles, readable by anyone, like public stories. */
export function userRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/:uid', async (c) => c.json(await publicProfile(ctx, c.var.viewer, userIdParam(c))));

  app.get('/:uid/stories', async (c) => {
    const uid = userIdParam(c);
    const page = readQuery(c, pageQuerySchema);
    return c.json(await publicStories(ctx, c.var.viewer, uid, page));
  });

  return app;
}
