import { describe, expect, it } from 'vitest';
import { contestTitle, currentContestsSchema, dailyContestPrompt, defaultContestWindows, mondayOf, nextContestMonday } from '@common/contests/contests';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type TestServer } from '../../test/server';
import { ageAccount, enter, newContest, postDrabble, windowsFor } from './test-support';
import { ensureWeeklyContests } from './weekly';

describe.each(testDialects())('weekly contests on %s', (dialect) => {
  const automatic = useTestServer(dialect);
  const manual = useTestServer(dialect, { env: { WEEKLY_CONTEST: 'manual' } });

  const weeks = (server: TestServer) => server.ctx.db.selectFrom('contests').select(['week', 'prompt', 'entryOpensAt']).where('week', 'is not', null).orderBy('week').execute();

  it('runs by itself: this week\'s contest with its Monday\'s prompt and next week\'s, one of each however many instances run the job at once', async () => {
    const now = new Date();
    // The server's own job ran at start; ten more runs at once, as ten instances' ticks.
    await Promise.all(Array.from({ length: 10 }, () => ensureWeeklyContests(automatic.server.ctx, now)));
    const [thisMonday, nextMonday] = [mondayOf(now), nextContestMonday(now)];
    expect(await weeks(automatic.server)).toEqual([
      { week: thisMonday, prompt: dailyContestPrompt(thisMonday), entryOpensAt: defaultContestWindows(thisMonday).entryOpensAt },
      { week: nextMonday, prompt: dailyContestPrompt(nextMonday), entryOpensAt: defaultContestWindows(nextMonday).entryOpensAt },
    ]);
    const current = currentContestsSchema.parse((await automatic.server.client().get('/api/contests/current')).body).contests;
    expect(current.map((c) => [c.phase, c.promptDay])).toEqual([['entry', thisMonday], ['upcoming', nextMonday]]);
  });

  it('leaves a week to the admin\'s contest that opens in it', async () => {
    const later = new Date(Date.now() + 21 * 86_400_000);
    const monday = mondayOf(later);
    const tuesday = new Date(Date.parse(defaultContestWindows(monday).entryOpensAt) + 86_400_000).toISOString();
    const at = new Date().toISOString();
    await automatic.server.ctx.db
      .insertInto('contests')
      .values({ id: 'adminsOwnContest00001', prompt: 'A door that opens inward', promptDay: null, entryOpensAt: tuesday, entryClosesAt: defaultContestWindows(monday).entryClosesAt, votingOpensAt: defaultContestWindows(monday).votingOpensAt, votingClosesAt: defaultContestWindows(monday).votingClosesAt, revealedAt: null, week: null, created_at: at, updated_at: at })
      .execute();
    await ensureWeeklyContests(automatic.server.ctx, later);
    const made = (await weeks(automatic.server)).map((w) => w.week);
    expect(made).not.toContain(monday);
    expect(made).toContain(nextContestMonday(later));
  });

  it('gives an admin\'s contest the place of the automatic one of its week, unless that one already has entries', async () => {
    await ensureWeeklyContests(automatic.server.ctx, new Date());
    const admin = await signUpVerified(automatic.server, { email: ADMIN_EMAIL, name: 'The Owner' });
    const now = new Date();
    // Next week's automatic contest has no entries: the admin's, opening on its Tuesday, replaces it.
    const nextMonday = nextContestMonday(now);
    const next = defaultContestWindows(nextMonday);
    const tuesday = new Date(Date.parse(next.entryOpensAt) + 86_400_000).toISOString();
    const replacing = await newContest(admin, { ...next, entryOpensAt: tuesday }, 'A bell rings under the sea');
    expect((await weeks(automatic.server)).map((w) => w.week)).not.toContain(nextMonday);
    const listed = currentContestsSchema.parse((await automatic.server.client().get('/api/contests/current')).body).contests;
    expect(listed.filter((c) => c.entryOpensAt >= next.entryOpensAt && c.entryOpensAt < next.entryClosesAt).map((c) => [c.id, c.title])).toEqual([[replacing, contestTitle(next.entryOpensAt)]]);
    // This week's has an entry: it stays, beside the admin's.
    const writer = await signUp(automatic.server, { name: 'Early Entrant' });
    await ageAccount(automatic.server, writer);
    const thisWeek = (await weeks(automatic.server)).find((w) => w.week === mondayOf(now))!;
    const own = await automatic.server.ctx.db.selectFrom('contests').select('id').where('week', '=', thisWeek.week).executeTakeFirstOrThrow();
    await enter(writer, own.id, (await postDrabble(writer)).id);
    await newContest(admin, windowsFor('entry', now.getTime()), 'A second prompt this week');
    expect((await weeks(automatic.server)).map((w) => w.week)).toContain(mondayOf(now));
  });

  it('makes none when WEEKLY_CONTEST=manual', async () => {
    await ensureWeeklyContests(manual.server.ctx, new Date());
    const res = await manual.server.client().get('/api/contests/current');
    expect(currentContestsSchema.parse(res.body).contests).toEqual([]);
    expect(await weeks(manual.server)).toEqual([]);
  });
});
