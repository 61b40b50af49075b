import { describe, expect, it } from 'vitest';
import { SCHEDULE_AHEAD_MAX_MS, SCHEDULE_TEXTS, scheduledStoriesResponseSchema, scheduleResponseSchema, wallTimeIn, type ScheduleResponse } from '@common/scheduled-publishing/schedule';
import { storyPageSchema, type Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { testClock } from '../../test/clock';
import { useTestServer } from '../../test/api-fixture';
import { signUp, startTwoInstances, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { follow } from '../feed/test-support';
import { publishDueStories } from './service';

const HOUR = 3_600_000;

describe.each(testDialects())('scheduled publishing on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { admin: { admin: true, name: 'Owner' }, bob: {} } });

  const path = (id: string) => `/api/stories/${id}/schedule`;
  const schedule = (who: SignedUp, id: string, publishAt: unknown) => who.client.send<ScheduleResponse & ErrorBody>('PUT', path(id), { publishAt });
  const scheduleOf = async (who: SignedUp, id: string) => {
    const res = await who.client.get<ScheduleResponse>(path(id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return scheduleResponseSchema.parse(res.body);
  };
  const storyOf = async (who: SignedUp, id: string) => (await who.client.get<{ story: Story }>(`/api/stories/${id}`)).body.story;
  const rowsOf = (id: string) => api.server.ctx.db.selectFrom('storySchedules').selectAll().where('storyId', '=', id).execute();
  /** A writer in Paris with a private story and a follower. */
  async function writerWithDraft(): Promise<{ writer: SignedUp; follower: SignedUp; story: Story }> {
    const writer = await signUp(api.server);
    const follower = await signUp(api.server);
    expect((await writer.client.patch('/api/me/timezone', { timezone: 'Europe/Paris' })).status).toBe(200);
    await follow(api.server, follower.uid, writer.uid);
    return { writer, follower, story: await postStory(writer.client, { public: false }) };
  }
  const feedEventsFor = async (storyId: string) =>
    (await api.server.ctx.db.selectFrom('liveEvents').select(['topic', 'payload']).where('type', '=', 'feed.published').execute()).filter(
      (e) => (JSON.parse(e.payload) as { storyId: string }).storyId === storyId,
    );

  it('sets a time given in the writer’s zone, changes it and cancels it; My Stories lists it', async () => {
    const { writer, story } = await writerWithDraft();
    expect(await scheduleOf(writer, story.id)).toEqual({ storyId: story.id, schedule: null, timezone: 'Europe/Paris', permissions: { schedule: true } });

    // A wall time read in Paris: one hour ahead of UTC in winter, two in summer.
    const at = new Date(Math.ceil((Date.now() + 2 * 24 * HOUR) / 60_000) * 60_000);
    const set = await schedule(writer, story.id, wallTimeIn(at, 'Europe/Paris'));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(scheduleResponseSchema.parse(set.body).schedule).toEqual({ publishAt: at.toISOString() });

    const later = new Date(at.getTime() + 5 * 24 * HOUR);
    const moved = await schedule(writer, story.id, later.toISOString());
    expect(moved.body.schedule).toEqual({ publishAt: later.toISOString() });
    expect(await rowsOf(story.id)).toHaveLength(1);
    const mine = scheduledStoriesResponseSchema.parse((await writer.client.get('/api/scheduled-stories')).body);
    expect(mine).toEqual({ timezone: 'Europe/Paris', schedules: [{ storyId: story.id, title: story.title, publishAt: later.toISOString() }] });
    // Nobody else's list shows it.
    expect((await api.bob.client.get<{ schedules: unknown[] }>('/api/scheduled-stories')).body.schedules).toEqual([]);

    const cancelled = await writer.client.send<ScheduleResponse>('DELETE', path(story.id));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.schedule).toBeNull();
    expect(await rowsOf(story.id)).toEqual([]);
    expect((await writer.client.send('DELETE', path(story.id))).status).toBe(200);
    expect((await storyOf(writer, story.id)).public).toBe(false);
  });

  it('refuses other people, public stories and bad times with a clear error, changing nothing', async () => {
    const { writer, story } = await writerWithDraft();
    const at = new Date(Date.now() + 3 * HOUR).toISOString();
    expect((await schedule(writer, story.id, at)).status).toBe(200);
    const expectUnchanged = async () => expect((await rowsOf(story.id)).map((r) => r.publishAt)).toEqual([at]);

    // Someone else's private story does not exist for them: 404, as every story action answers.
    for (const res of [await api.bob.client.get<ErrorBody>(path(story.id)), await schedule(api.bob, story.id, at), await api.bob.client.send<ErrorBody>('DELETE', path(story.id))]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Story not found' });
    }
    expect((await api.server.client().send('PUT', path(story.id), { publishAt: at })).status).toBe(401);
    expect((await schedule(writer, 'missing000000000000', at)).status).toBe(404);

    // Someone else's public story: 403; the writer's own public story: 409.
    const published = await postStory(writer.client, { public: true });
    const foreign = await schedule(api.bob, published.id, at);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toEqual({ code: 'forbidden', message: SCHEDULE_TEXTS.onlyAuthor });
    const own = await schedule(writer, published.id, at);
    expect(own.status).toBe(409);
    expect(own.body.error).toEqual({ code: 'conflict', message: SCHEDULE_TEXTS.notPrivate });
    expect((await scheduleOf(writer, published.id)).permissions).toEqual({ schedule: false });
    expect(await rowsOf(published.id)).toEqual([]);

    const refusals: [unknown, string][] = [
      [new Date(Date.now() - 60_000).toISOString(), SCHEDULE_TEXTS.past],
      [new Date(Date.now() + SCHEDULE_AHEAD_MAX_MS + HOUR).toISOString(), SCHEDULE_TEXTS.tooFar],
      ['tomorrow at nine', SCHEDULE_TEXTS.badTime],
      ['2027-02-30T09:00', SCHEDULE_TEXTS.badTime],
      ['2027-01-31T25:00', SCHEDULE_TEXTS.badTime],
    ];
    for (const [publishAt, message] of refusals) {
      const res = await schedule(writer, story.id, publishAt);
      expect(res.status, String(publishAt)).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_request', message });
    }
    for (const body of [{}, { publishAt: 12 }, { publishAt: at, extra: true }, { publishAt: 'x'.repeat(100) }]) {
      const res = await writer.client.send<ErrorBody>('PUT', path(story.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBeTypeOf('string');
      expect(res.body.error.message).toBeTypeOf('string');
    }
    await expectUnchanged();
  });

  it('publishes at the time and not a millisecond before, as the Publish button does', async () => {
    const { writer, follower, story } = await writerWithDraft();
    const at = new Date(Date.now() + 2 * HOUR);
    expect((await schedule(writer, story.id, at.toISOString())).status).toBe(200);

    const clock = testClock(at.getTime() - 1);
    expect(await publishDueStories(api.server.ctx, new Date(clock.now()))).toBe(0);
    expect((await storyOf(writer, story.id)).public).toBe(false);
    expect(await feedEventsFor(story.id)).toEqual([]);

    clock.advance(1);
    expect(await publishDueStories(api.server.ctx, new Date(clock.now()))).toBe(1);
    const after = await storyOf(follower, story.id);
    expect(after.public).toBe(true);
    const row = await api.server.ctx.db.selectFrom('stories').select(['madePublicAt', 'publishedAt']).where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ madePublicAt: at.toISOString(), publishedAt: at.toISOString() });
    // The follower is told, the story is on the community list and in their feed, and the schedule is gone.
    expect((await feedEventsFor(story.id)).map((e) => e.topic)).toEqual([`user:${follower.uid}`]);
    const community = storyPageSchema.parse((await api.bob.client.get('/api/stories/community?limit=50')).body);
    expect(community.stories.map((s) => s.id)).toContain(story.id);
    const feed = storyPageSchema.parse((await follower.client.get('/api/feed')).body);
    expect(feed.stories.map((s) => s.id)).toContain(story.id);
    expect(await rowsOf(story.id)).toEqual([]);
    expect((await scheduleOf(writer, story.id)).schedule).toBeNull();
    const log = await api.server.ctx.db.selectFrom('systemLogs').select(['details']).where('resource', '=', `stories/${story.id}`).execute();
    expect(log.map((l) => JSON.parse(String(l.details)) as unknown)).toContainEqual({ storyId: story.id, public: true, scheduled: true });

    // A later run finds nothing of it left to do.
    clock.advance(HOUR);
    await publishDueStories(api.server.ctx, new Date(clock.now()));
    expect(await feedEventsFor(story.id)).toHaveLength(1);
  });

  it('is cleared by publishing by hand (button or editor) and by deleting the story', async () => {
    const { writer, story } = await writerWithDraft();
    const at = new Date(Date.now() + HOUR).toISOString();
    const edited = await postStory(writer.client, { public: false });
    const deleted = await postStory(writer.client, { public: false });
    for (const s of [story, edited, deleted]) expect((await schedule(writer, s.id, at)).status).toBe(200);

    expect((await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: true })).status).toBe(200);
    expect((await writer.client.patch(`/api/stories/${edited.id}`, { title: 'Out now', public: true })).status).toBe(200);
    expect((await writer.client.send('DELETE', `/api/stories/${deleted.id}`)).status).toBe(204);
    for (const s of [story, edited, deleted]) expect(await rowsOf(s.id)).toEqual([]);
    // Made private again, it stays private.
    expect((await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: false })).status).toBe(200);
    await publishDueStories(api.server.ctx, new Date(Date.now() + 2 * HOUR));
    expect((await storyOf(writer, story.id)).public).toBe(false);
  });

  it('publishes nothing for a suspended writer or one whose account is being deleted; the schedule lapses', async () => {
    const suspended = await writerWithDraft();
    const leaving = await writerWithDraft();
    const at = new Date(Date.now() + HOUR);
    for (const { writer, story } of [suspended, leaving]) expect((await schedule(writer, story.id, at.toISOString())).status).toBe(200);
    expect((await api.admin.client.post(`/api/admin/users/${suspended.writer.uid}/actions`, { action: 'suspend', reason: 'Repeated abuse' })).status).toBe(200);
    expect((await leaving.writer.client.post('/api/account/deletion', { email: leaving.writer.email })).status).toBe(200);

    expect(await publishDueStories(api.server.ctx, at)).toBe(0);
    for (const { story, follower } of [suspended, leaving]) {
      const row = await api.server.ctx.db.selectFrom('stories').select(['public', 'madePublicAt']).where('id', '=', story.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ public: 0, madePublicAt: null });
      expect(await rowsOf(story.id)).toEqual([]);
      expect(await feedEventsFor(story.id)).toEqual([]);
      expect((await follower.client.get(`/api/stories/${story.id}`)).status).toBe(404);
    }
  });

  it('publishes once and tells each follower once when many runs claim the same moment', async () => {
    const { writer, follower, story } = await writerWithDraft();
    const at = new Date(Date.now() + HOUR);
    expect((await schedule(writer, story.id, at.toISOString())).status).toBe(200);
    const runs = await Promise.all(Array.from({ length: 8 }, () => publishDueStories(api.server.ctx, at)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await feedEventsFor(story.id)).map((e) => e.topic)).toEqual([`user:${follower.uid}`]);
    const logs = await api.server.ctx.db.selectFrom('systemLogs').select('id').where('resource', '=', `stories/${story.id}`).where('type', '=', 'story_public_toggle').execute();
    expect(logs).toHaveLength(1);
  });

  it('publishes once when two instances on one database run the job at the same moment', async () => {
    const { one, two, stop } = await startTwoInstances(dialect, { SIGNUP_RATE_LIMIT: '1000' });
    try {
      const writer = await signUp(one);
      const follower = await signUp(one);
      await follow(one, follower.uid, writer.uid);
      const story = await postStory(writer.client, { public: false });
      const at = new Date(Date.now() + HOUR);
      expect((await writer.client.send('PUT', path(story.id), { publishAt: at.toISOString() })).status).toBe(200);
      const servers = [one, two, one, two];
      // On PostgreSQL all at once. Two SQLite handles in one process cannot wait for each other (better-sqlite3
      // blocks the event loop through busy_timeout), so there the instances take turns, as separate processes' writers queue.
      const runs =
        dialect === 'postgres'
          ? await Promise.all(servers.map((server) => publishDueStories(server.ctx, at)))
          : await servers.reduce<Promise<number[]>>(async (done, server) => [...(await done), await publishDueStories(server.ctx, at)], Promise.resolve([]));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const told = await one.ctx.db.selectFrom('liveEvents').select('topic').where('type', '=', 'feed.published').execute();
      expect(told.map((e) => e.topic)).toEqual([`user:${follower.uid}`]);
      expect((await follower.client.get<{ story: Story }>(`/api/stories/${story.id}`)).body.story.public).toBe(true);
    } finally {
      await stop();
    }
  });

  it('leaves one consistent schedule after a burst of parallel changes', async () => {
    const { writer, story } = await writerWithDraft();
    const times = Array.from({ length: 10 }, (_, i) => new Date(Date.now() + (i + 1) * HOUR).toISOString());
    const answers = await Promise.all(times.map((t) => schedule(writer, story.id, t)));
    expect(answers.map((a) => a.status)).toEqual(times.map(() => 200));
    const rows = await rowsOf(story.id);
    expect(rows).toHaveLength(1);
    expect(times).toContain(rows[0]!.publishAt);
    expect((await scheduleOf(writer, story.id)).schedule).toEqual({ publishAt: rows[0]!.publishAt });

    // Cancels racing changes: whatever is left is one row or none, and the answer agrees.
    await Promise.all(times.slice(0, 4).flatMap((t) => [schedule(writer, story.id, t), writer.client.send('DELETE', path(story.id))]));
    const left = await rowsOf(story.id);
    expect(left.length).toBeLessThanOrEqual(1);
    expect((await scheduleOf(writer, story.id)).schedule).toEqual(left[0] ? { publishAt: left[0].publishAt } : null);
  });
});
