import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyPageSchema } from '@common/stories/story';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import { REPORT_TEXTS } from '@common/moderation/moderation';
import { testDialects } from '../test/databases';
import { TestClient } from '../test/client';
import { openEventStream } from '../test/sse';
import { signUp, startTwoInstances, type SignedUp, type TestServer } from '../test/server';
import { postStory } from '../features/stories/test-support';
import { setFollow } from '../features/follows/test-support';
import { changeAccountState } from './account-state';

/** A long cache window: only the `sessions.ended` event can make the second instance forget in time. */
const WINDOW_MS = 30_000;

const communityIds = async (client: TestClient) => {
  const res = await client.get('/api/stories/community');
  expect(res.status).toBe(200);
  return storyPageSchema.parse(res.body).stories.map((s) => s.id);
};

describe.each(testDialects())('an account’s standing (shared/account-state.ts) on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ one, two, stop } = await startTwoInstances(dialect, { SESSION_CACHE_MS: String(WINDOW_MS) }));
  });
  afterAll(() => stop());

  const suspend = (uid: string) => changeAccountState(one.ctx, uid, 'suspended', (trx) => trx.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', uid).execute());
  const lift = (uid: string) => changeAccountState(one.ctx, uid, null, (trx) => trx.updateTable('users').set({ suspendedAt: null, limitedAt: null }).where('uid', '=', uid).execute());

  it('suspension ends every session at once on every instance, closes open streams, and refuses sign-in', async () => {
    const writer = await signUp(one, { name: 'Sus' });
    // Several instances share a database on PostgreSQL only (SQLite is one process: its events
    // travel by commit hook, not between processes), so the second instance joins there.
    const clients = [writer.client, ...(dialect === 'postgres' ? [new TestClient(two.url).adopt(writer.client)] : [])];
    // Every instance has verified and cached the session.
    for (const client of clients) expect((await client.get('/api/me')).status).toBe(200);
    const streams = await Promise.all(clients.map((client) => openEventStream(client)));
    expect(streams.map((s) => s.status)).toEqual(clients.map(() => 200));

    await suspend(writer.uid);

    for (const stream of streams) {
      expect(JSON.parse((await stream.next('session.ended')).data)).toEqual({ reason: 'suspended' });
      await stream.waitForEnd();
    }
    // Far inside the cache window, yet every instance refuses the cookie.
    for (const client of clients) expect((await client.get('/api/me')).status).toBe(401);

    const again = await one.client().post('/api/auth/sign-in/email', { email: writer.email, password: writer.password });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ error: { code: 'account_suspended', message: REPORT_TEXTS.suspendedSignIn } });

    await lift(writer.uid);
    expect((await one.client().post('/api/auth/sign-in/email', { email: writer.email, password: writer.password })).status).toBe(200);
  });

  it('hides a suspended writer’s profile, stories and comments from everyone, and brings them back when lifted', async () => {
    const writer = await signUp(one, { name: 'Hidden' });
    const reader = await signUp(one, { name: 'Reader' });
    const story = await postStory(writer.client, { public: true });
    const readerStory = await postStory(reader.client, { public: true });
    expect((await writer.client.post(`/api/stories/${readerStory.id}/comments`, { text: 'Lovely.' })).status).toBe(201);

    await suspend(writer.uid);
    expect((await reader.client.get(`/api/stories/${story.id}`)).body).toMatchObject({ error: { message: 'Story not found' } });
    expect((await one.client().get(`/api/users/${writer.uid}`)).status).toBe(404);
    expect(await communityIds(reader.client)).not.toContain(story.id);
    expect(await communityIds(one.client())).not.toContain(story.id);
    const comments = await reader.client.get<{ comments: Array<{ uid: string }> }>(`/api/stories/${readerStory.id}/comments`);
    expect(comments.body.comments.map((c) => c.uid)).not.toContain(writer.uid);

    await lift(writer.uid);
    expect((await reader.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect(await communityIds(reader.client)).toContain(story.id);
  });

  it('a limited writer’s stories leave community for everyone but their followers and themselves', async () => {
    const writer = await signUp(one, { name: 'Limited' });
    const follower = await signUp(one, { name: 'Follower' });
    const stranger = await signUp(one, { name: 'Stranger' });
    await setFollow(follower.client, writer.uid, true);
    const story = await postStory(writer.client, { public: true });
    await changeAccountState(one.ctx, writer.uid, null, (trx) => trx.updateTable('users').set({ limitedAt: new Date().toISOString() }).where('uid', '=', writer.uid).execute());

    // A story written while limited is limited too.
    const later = await postStory(writer.client, { public: true });
    expect(await communityIds(one.client())).not.toContain(story.id);
    expect(await communityIds(stranger.client)).not.toContain(story.id);
    expect(await communityIds(stranger.client)).not.toContain(later.id);
    expect(await communityIds(follower.client)).toContain(later.id);
    expect(await communityIds(follower.client)).toContain(story.id);
    expect(await communityIds(writer.client)).toContain(story.id);
    // Still readable by link and on their profile.
    expect((await stranger.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await stranger.client.get(`/api/users/${writer.uid}/stories`)).status).toBe(200);
    expect((await writer.client.get<{ user: { limited: boolean } }>('/api/me')).body.user.limited).toBe(true);
    await lift(writer.uid);
    expect(await communityIds(stranger.client)).toContain(story.id);
  });

  it('a deactivated account may only read itself, cancel, export and listen', async () => {
    const writer: SignedUp = await signUp(one, { name: 'Leaving' });
    await changeAccountState(one.ctx, writer.uid, null, (trx) =>
      trx.updateTable('users').set({ deactivatedAt: new Date().toISOString(), deleteAfter: new Date(Date.now() + 86_400_000).toISOString() }).where('uid', '=', writer.uid).execute(),
    );
    expect((await writer.client.get('/api/me')).status).toBe(200);
    expect((await writer.client.get('/api/export')).status).toBe(200);
    const refused = await writer.client.post('/api/stories', { title: 'T', content: 'Words.', public: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'account_deactivated', message: YOUR_DATA_TEXTS.deactivated } });
    expect((await writer.client.get('/api/stories/mine')).status).toBe(403);
  });
});
