import { describe, expect, it } from 'vitest';
import { challengeResponseSchema, challengesResponseSchema, ONE_ACTIVE_CHALLENGE, type Challenge } from '@common/challenges/challenges';
import { addDays, localDay } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { giveUpChallenge, listChallenges, startChallenge } from './service';

describe.each(testDialects())('personal challenges on %s', (dialect) => {
  const api = useTestServer(dialect);

  const today = () => localDay(new Date(), 'UTC');
  const seed = (who: SignedUp, days: Record<string, number>) =>
    api.server.ctx.db
      .insertInto('writingDays')
      .values(Object.entries(days).map(([day, words]) => ({ uid: who.uid, day, words })))
      .execute();
  const start = async (who: SignedUp, body: unknown) => who.client.post<unknown>('/api/me/challenges', body);
  const listOf = async (who: SignedUp) => {
    const res = await who.client.get('/api/me/challenges');
    expect(res.status).toBe(200);
    return challengesResponseSchema.parse(res.body);
  };
  const stored = (who: SignedUp) => api.server.ctx.db.selectFrom('challenges').selectAll().where('uid', '=', who.uid).execute();

  it('is for signed-in writers only', async () => {
    const guest = api.server.client();
    expect((await guest.get('/api/me/challenges')).status).toBe(401);
    expect((await guest.post('/api/me/challenges', { words: 500, days: 5 })).status).toBe(401);
    expect((await guest.delete('/api/me/challenges/abc')).status).toBe(401);
  });

  it('refuses every malformed challenge with a clear message, and stores none', async () => {
    const writer = await signUp(api.server);
    const cases: Array<[unknown, string]> = [
      [{ words: 99, days: 5 }, 'words: A challenge needs at least 100 words.'],
      [{ words: 1_000_001, days: 5 }, 'words: A challenge can have at most 1,000,000 words.'],
      [{ words: 250.5, days: 5 }, 'words: Words must be a whole number.'],
      [{ words: '500', days: 5 }, 'words: Words must be a number.'],
      [{ words: 500, days: 0 }, 'days: A challenge lasts at least 1 day.'],
      [{ words: 500, days: 366 }, 'days: A challenge lasts at most 365 days.'],
      [{ words: 500 }, 'days: Days must be a number.'],
    ];
    for (const [body, message] of cases) {
      const res = await writer.client.post<ErrorBody>('/api/me/challenges', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_failed', message });
    }
    expect((await writer.client.post('/api/me/challenges', { words: 500, days: 5, startDay: '2020-01-01' })).status).toBe(400);
    const broken = await writer.client.raw('POST', '/api/me/challenges', { body: '{"words":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(await stored(writer)).toEqual([]);
  });

  it('starts today, counts today’s words already written, and projects the finish', async () => {
    const writer = await signUp(api.server);
    await seed(writer, { [addDays(today(), -1)]: 400, [today()]: 250 });
    const res = await start(writer, { words: 5000, days: 14 });
    expect(res.status).toBe(201);
    const { challenge } = challengeResponseSchema.parse(res.body);
    expect(challenge).toMatchObject({
      words: 5000,
      days: 14,
      startDay: today(),
      endDay: addDays(today(), 13),
      status: 'active',
      wordsSoFar: 250,
      dayOfChallenge: 1,
      percent: 5,
      completedOn: null,
      abandonedAt: null,
      permissions: { giveUp: true },
      // 250 a day: 4,750 to go take 19 more days, past the 14th.
      projection: { finishDay: addDays(today(), 19), inTime: false },
    });
    // More words today move it on.
    await api.server.ctx.db.updateTable('writingDays').set({ words: 2000 }).where('uid', '=', writer.uid).where('day', '=', today()).execute();
    const { active, past } = await listOf(writer);
    expect(active).toMatchObject({ id: challenge.id, wordsSoFar: 2000, percent: 40, projection: { finishDay: addDays(today(), 2), inTime: true } });
    expect(past).toEqual([]);
  });

  it('moves on, with the calendar, when the writer saves a story', async () => {
    const writer = await signUp(api.server);
    const created = challengeResponseSchema.parse((await start(writer, { words: 100, days: 3 })).body).challenge;
    expect(created.wordsSoFar).toBe(0);
    await postStory(writer.client, { content: 'one two three four five six seven eight nine ten' });
    const { active } = await listOf(writer);
    expect(active).toMatchObject({ wordsSoFar: 10, percent: 10, projection: { finishDay: addDays(today(), 9), inTime: false } });
    const calendar = await writer.client.get<{ days: unknown[]; wordsThisWeek: number }>('/api/me/calendar');
    expect(calendar.body.days).toEqual([{ day: today(), words: 10, frozen: false }]);
    expect(calendar.body.wordsThisWeek).toBe(10);
  });

  it('lets a writer have one active challenge: a second is refused with 409', async () => {
    const writer = await signUp(api.server);
    expect((await start(writer, { words: 500, days: 7 })).status).toBe(201);
    const second = await writer.client.post<ErrorBody>('/api/me/challenges', { words: 900, days: 3 });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({ code: 'conflict', message: ONE_ACTIVE_CHALLENGE });
    expect(await stored(writer)).toHaveLength(1);
  });

  it('creates exactly one of a burst of parallel starts', async () => {
    const writer = await signUp(api.server);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => start(writer, { words: 1000 + i, days: 10 })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const rows = await stored(writer);
    expect(rows).toHaveLength(1);
    expect((await listOf(writer)).active?.id).toBe(rows[0]!.id);
  });

  it('limits how often a writer starts or gives up challenges (429 with Retry-After)', async () => {
    const writer = await signUp(api.server);
    const statuses: number[] = [];
    for (let n = 0; n < 15; n++) {
      const started = await start(writer, { words: 100 + n, days: 7 });
      statuses.push(started.status);
      const id = (started.body as { challenge: { id: string } }).challenge.id;
      statuses.push((await writer.client.delete(`/api/me/challenges/${id}`)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([200, 201]));
    const refused = await start(writer, { words: 100, days: 7 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await stored(writer)).toHaveLength(15);
  });

  it('gives up the active challenge (again: the same answer), lists it as given up, and allows a new one', async () => {
    const writer = await signUp(api.server);
    const created = challengeResponseSchema.parse((await start(writer, { words: 3000, days: 30 })).body).challenge;
    const res = await writer.client.delete(`/api/me/challenges/${created.id}`);
    expect(res.status).toBe(200);
    const given = challengeResponseSchema.parse(res.body).challenge;
    expect(given).toMatchObject({ id: created.id, status: 'abandoned', permissions: { giveUp: false } });
    expect(given.abandonedAt).not.toBeNull();
    const again = await writer.client.delete(`/api/me/challenges/${created.id}`);
    expect(again.status).toBe(200);
    expect(challengeResponseSchema.parse(again.body).challenge.abandonedAt).toBe(given.abandonedAt);
    const list = await listOf(writer);
    expect(list.active).toBeNull();
    expect(list.past.map((c: Challenge) => [c.id, c.status])).toEqual([[created.id, 'abandoned']]);
    expect((await start(writer, { words: 100, days: 1 })).status).toBe(201);
    expect((await listOf(writer)).past).toHaveLength(1);
  });

  it('is its owner’s only: others can neither see nor give it up', async () => {
    const owner = await signUp(api.server);
    const other = await signUp(api.server);
    const created = challengeResponseSchema.parse((await start(owner, { words: 500, days: 5 })).body).challenge;
    const res = await other.client.delete<ErrorBody>(`/api/me/challenges/${created.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Challenge not found.');
    expect(await listOf(other)).toEqual({ today: today(), active: null, past: [] });
    expect((await owner.client.delete('/api/me/challenges/not-an-id!')).status).toBe(404);
    expect((await owner.client.delete('/api/me/challenges/missing000000000000')).status).toBe(404);
    expect((await listOf(owner)).active?.status).toBe('active');
  });

  it('completes on the day the words are reached, ends unfinished after its last day, and refuses giving up either', async () => {
    const writer = await signUp(api.server);
    const at = (iso: string) => new Date(iso);
    // 1,000 words in 3 days from Tuesday 1 January 2030.
    const first = (await startChallenge(api.server.ctx, writer.uid, { words: 1000, days: 3 }, at('2030-01-01T09:00:00Z'))).challenge;
    expect(first).toMatchObject({ startDay: '2030-01-01', endDay: '2030-01-03' });
    await seed(writer, { '2030-01-01': 600, '2030-01-02': 500 });
    const done = await listChallenges(api.server.ctx, writer.uid, at('2030-01-02T20:00:00Z'));
    expect(done.active).toBeNull();
    expect(done.past[0]).toMatchObject({ id: first.id, status: 'completed', completedOn: '2030-01-02', wordsSoFar: 1100, percent: 100 });
    await expect(giveUpChallenge(api.server.ctx, writer.uid, first.id, at('2030-01-02T21:00:00Z'))).rejects.toMatchObject({ status: 409 });

    // Completed early, so another can start the same day: 5,000 in 2 days, not reached.
    const second = (await startChallenge(api.server.ctx, writer.uid, { words: 5000, days: 2 }, at('2030-01-02T22:00:00Z'))).challenge;
    expect(second).toMatchObject({ startDay: '2030-01-02', endDay: '2030-01-03', wordsSoFar: 500, status: 'active' });
    await seed(writer, { '2030-01-03': 10 });
    const later = await listChallenges(api.server.ctx, writer.uid, at('2030-01-04T00:00:01Z'));
    expect(later.active).toBeNull();
    expect(later.past.map((c) => [c.id, c.status, c.wordsSoFar])).toEqual([
      [second.id, 'unfinished', 510],
      [first.id, 'completed', 1110],
    ]);
    await expect(giveUpChallenge(api.server.ctx, writer.uid, second.id, at('2030-01-04T00:00:02Z'))).rejects.toMatchObject({ status: 409 });
  });

  it('starts on the writer’s local day', async () => {
    const writer = await signUp(api.server);
    await api.server.ctx.db.updateTable('users').set({ timezone: 'America/Los_Angeles' }).where('uid', '=', writer.uid).execute();
    // 03:00Z on 1 March is still 28 February in Los Angeles.
    const { challenge, today: local } = await startChallenge(api.server.ctx, writer.uid, { words: 700, days: 2 }, new Date('2030-03-01T03:00:00Z'));
    expect(local).toBe('2030-02-28');
    expect(challenge).toMatchObject({ startDay: '2030-02-28', endDay: '2030-03-01' });
  });
});
