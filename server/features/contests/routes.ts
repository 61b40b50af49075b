import { Hono } from 'hono';
import { CONTEST_TEXTS, contestEntryInputSchema, contestInputSchema, disqualifyInputSchema, type AdminContests, type ContestPage, type ContestVoteResponse, type CurrentContests, type PastContests } from '@common/contests';
import type { AppEnv, ServerContext, SignedInEnv } from '../../context';
import { requireUser } from '../../auth/session';
import { guard } from '../../http/guards';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { readJson } from '../../http/validate';
import { authorizeContests } from '../../policy/contests';
import { adminContests, createContest, disqualifyEntry, editContest } from './admin';
import { castVote, contestPage, currentContests, enterContest, pastContests, withdrawEntry } from './service';

const contestId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'id', CONTEST_TEXTS.notFound);
const entryId = (c: Parameters<typeof idParam>[0]) => idParam(c, 'storyId', CONTEST_TEXTS.entryNotFound);

/** /api/contests: reading is open to guests; entering and voting need a session. */
export function contestRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const writes = rateLimit(ctx, 'contests');

  app.get('/current', async (c) => c.json((await currentContests(ctx, new Date())) satisfies CurrentContests));
  app.get('/', async (c) => c.json((await pastContests(ctx, new Date())) satisfies PastContests));
  app.get('/:id', async (c) => c.json((await contestPage(ctx, c.var.viewer, contestId(c), new Date())) satisfies ContestPage));

  app.put('/:id/entry', requireUser, writes, async (c) => {
    const id = contestId(c);
    const { storyId } = await readJson(c, contestEntryInputSchema);
    return c.json((await enterContest(ctx, c.var.viewer, id, storyId, new Date())) satisfies ContestPage);
  });
  app.delete('/:id/entry', requireUser, writes, async (c) => c.json((await withdrawEntry(ctx, c.var.viewer, contestId(c), new Date())) satisfies ContestPage));

  app.put('/:id/votes/:storyId', requireUser, writes, async (c) =>
    c.json((await castVote(ctx, c.var.viewer, contestId(c), entryId(c), true, new Date())) satisfies ContestVoteResponse),
  );
  app.delete('/:id/votes/:storyId', requireUser, writes, async (c) =>
    c.json((await castVote(ctx, c.var.viewer, contestId(c), entryId(c), false, new Date())) satisfies ContestVoteResponse),
  );
  return app;
}

/** /api/admin/contests: the admins' screen. */
export function adminContestRoutes(ctx: ServerContext) {
  const app = new Hono<SignedInEnv>();
  app.use('*', guard(authorizeContests, 'manage'));
  const writes = rateLimit(ctx, 'adminWrites');

  app.get('/', async (c) => c.json((await adminContests(ctx, new Date())) satisfies AdminContests));
  app.post('/', writes, async (c) => c.json(await createContest(ctx, await readJson(c, contestInputSchema), new Date()), 201));
  app.patch('/:id', writes, async (c) => {
    const id = contestId(c);
    await editContest(ctx, id, await readJson(c, contestInputSchema), new Date());
    return c.json({ ok: true });
  });
  app.post('/:id/entries/:storyId/disqualify', writes, async (c) => {
    const [id, storyId] = [contestId(c), entryId(c)];
    const { reason } = await readJson(c, disqualifyInputSchema);
    await disqualifyEntry(ctx, id, storyId, reason, new Date());
    return c.json({ ok: true });
  });
  return app;
}
