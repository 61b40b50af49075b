import { describe, expect, it } from 'vitest';
import { relationshipResponseSchema, writerPageSchema, WRITER_PAGE_SIZE } from '@common/follows/follows';
import type { StoryPage } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { openEventStream } from '../../test/sse';
import { postStory, type ErrorBody } from '../stories/test-support';
import { mute } from './service';
import { blockThroughApi, countsMatchRows, followThroughApi, graphBetween } from './test-support';

describe.each(testDialects())('blocks and mutes on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: ['ada'] });

  async function communityIds(who: SignedUp, q?: string): Promise<string[]> {
    const res = await who.client.get<StoryPage>(`/api/stories/community?sort=newest&limit=50${q ? `&q=${encodeURIComponent(q)}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.stories.map((s) => s.id);
  }

  it('blocks in one step: follows and requests both ways are gone, counts exact, idempotent', async () => {
    const bob = await signUp(api.server);
    await followThroughApi(api.ada.client, bob.uid);
    await followThroughApi(bob.client, api.ada.uid);
    expect((await graphBetween(api.server, api.ada.uid, bob.uid)).follows).toHaveLength(2);

    const relationship = await blockThroughApi(api.ada.client, bob.uid);
    expect(relationship).toMatchObject({ uid: bob.uid, blocking: true, following: false, followedBy: false, friends: false, requested: false, requestedBy: false });
    expect(await graphBetween(api.server, api.ada.uid, bob.uid)).toEqual({ follows: [], requests: [] });
    await countsMatchRows(api.server, [api.ada.uid, bob.uid]);

    const again = await blockThroughApi(api.ada.client, bob.uid);
    expect(again.blocking).toBe(true);
    const rows = await api.server.ctx.db.selectFrom('blocks').selectAll().where('blockerUid', '=', api.ada.uid).where('blockedUid', '=', bob.uid).execute();
    expect(rows).toHaveLength(1);
  });

  it('removes a pending follow request when blocking', async () => {
    const shy = await signUp(api.server);
    expect((await shy.client.patch('/api/me/follow-settings', { approveFollowers: true })).status).toBe(200);
    const asker = await signUp(api.server);
    expect((await followThroughApi(asker.client, shy.uid)).requested).toBe(true);
    await blockThroughApi(shy.client, asker.uid);
    expect(await graphBetween(api.server, shy.uid, asker.uid)).toEqual({ follows: [], requests: [] });
  });

  it('refuses oneself, unknown and malformed uids (404 User not found) and guests (401)', async () => {
    for (const [method, path] of [
      ['POST', `/api/blocks/${api.ada.uid}`],
      ['POST', '/api/blocks/nobodyWithThisId'],
      ['POST', '/api/blocks/bad%20id!'],
      ['DELETE', '/api/blocks/nobodyWithThisId'],
      ['DELETE', '/api/mutes/nobodyWithThisId'],
    ] as const) {
      const res = await api.ada.client.send<ErrorBody>(method, path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe('User not found');
    }
    for (const body of [{ duration: '1d' }]) {
      const self = await api.ada.client.send<ErrorBody>('POST', `/api/mutes/${api.ada.uid}`, body);
      expect(self.status).toBe(404);
      expect(self.body.error.message).toBe('User not found');
    }
    const bob = await signUp(api.server);
    const guest = api.server.client();
    for (const [method, path] of [
      ['POST', `/api/blocks/${bob.uid}`],
      ['DELETE', `/api/blocks/${bob.uid}`],
      ['GET', '/api/blocks'],
      ['GET', '/api/mutes'],
    ] as const) {
      expect((await guest.send(method, path)).status, path).toBe(401);
    }
    expect((await guest.send('POST', `/api/mutes/${bob.uid}`, { duration: '1h' })).status).toBe(401);
  });

  it('refuses a mute without a known duration (400) and a bad cursor (400)', async () => {
    const bob = await signUp(api.server);
    for (const body of [{}, { duration: '2d' }, { duration: '1h', extra: true }]) {
      const res = await api.ada.client.send<ErrorBody>('POST', `/api/mutes/${bob.uid}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.ada.client.send<ErrorBody>('POST', `/api/mutes/${bob.uid}`, { duration: 'x' })).body.error.message).toContain('Choose how long to mute.');
    expect((await api.ada.client.get('/api/blocks?cursor=notacursor')).status).toBe(400);
    expect((await api.ada.client.get('/api/mutes?cursor=notacursor')).status).toBe(400);
  });

  it('lets a blocked writer block back without learning anything; unblocking does not restore follows', async () => {
    const bob = await signUp(api.server);
    const cy = await signUp(api.server);
    await followThroughApi(bob.client, cy.uid);
    await blockThroughApi(cy.client, bob.uid);
    // Bob may block Cy too: refusing would tell him he is blocked.
    expect((await blockThroughApi(bob.client, cy.uid)).blocking).toBe(true);

    const lifted = relationshipResponseSchema.parse((await cy.client.send('DELETE', `/api/blocks/${bob.uid}`)).body).relationship;
    expect(lifted).toMatchObject({ blocking: false, followedBy: false });
    // Bob's own block still stands, so Cy still cannot reach him.
    expect((await cy.client.get(`/api/users/${bob.uid}`)).status).toBe(404);
    const again = await bob.client.send('DELETE', `/api/blocks/${cy.uid}`);
    expect(again.status).toBe(200);
    expect((await bob.client.send('DELETE', `/api/blocks/${cy.uid}`)).status).toBe(200);
    expect((await graphBetween(api.server, bob.uid, cy.uid)).follows).toEqual([]);
    await countsMatchRows(api.server, [bob.uid, cy.uid]);
  });

  it('lists my blocks newest first with keyset paging', async () => {
    const me = await signUp(api.server);
    const blocked: string[] = [];
    for (let i = 0; i < WRITER_PAGE_SIZE + 2; i++) {
      const other = await signUp(api.server, { name: `Blocked ${i}` });
      await blockThroughApi(me.client, other.uid);
      blocked.push(other.uid);
    }
    const first = writerPageSchema.parse((await me.client.get('/api/blocks')).body);
    expect(first.writers).toHaveLength(WRITER_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = writerPageSchema.parse((await me.client.get(`/api/blocks?cursor=${first.nextCursor}`)).body);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.writers, ...second.writers].map((w) => w.uid);
    expect(new Set(seen)).toEqual(new Set(blocked));
    expect(seen).toHaveLength(blocked.length);
    // Created a few ms apart: the newest block leads.
    expect(seen[0]).toBe(blocked.at(-1));
    // Nobody else sees my list, and my blocks are no one's followers.
    expect(writerPageSchema.parse((await api.ada.client.get('/api/blocks')).body).writers.map((w) => w.uid)).not.toContain(blocked[0]);
  });

  it('mutes privately: gone from my community and its search, still on their profile; listed with its end; unmute', async () => {
    const bob = await signUp(api.server);
    const story = await postStory(bob.client, { public: true, title: 'Muted lighthouse keeper' });
    expect(await communityIds(api.ada)).toContain(story.id);

    const before = Date.now();
    const res = await api.ada.client.post(`/api/mutes/${bob.uid}`, { duration: '1d' });
    expect(res.status).toBe(200);
    const { relationship } = relationshipResponseSchema.parse(res.body);
    expect(relationship.muted).toBe(true);
    const until = Date.parse(relationship.mutedUntil ?? '');
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);

    expect(await communityIds(api.ada)).not.toContain(story.id);
    expect(await communityIds(api.ada, 'lighthouse')).not.toContain(story.id);
    // Others still see it; Bob is not told and his view of Ada is unchanged.
    expect(await communityIds(bob)).toContain(story.id);
    const bobSide = relationshipResponseSchema.parse((await bob.client.get(`/api/users/${api.ada.uid}/relationship`)).body).relationship;
    expect(bobSide).toMatchObject({ muted: false, blocking: false });
    // A profile Ada opens on purpose still shows his stories, and the story itself opens.
    const profile = await api.ada.client.get<StoryPage>(`/api/users/${bob.uid}/stories`);
    expect(profile.body.stories.map((s) => s.id)).toContain(story.id);
    expect((await api.ada.client.get(`/api/stories/${story.id}`)).status).toBe(200);

    const mutes = writerPageSchema.parse((await api.ada.client.get('/api/mutes')).body);
    expect(mutes.writers.find((w) => w.uid === bob.uid)?.mutedUntil).toBe(relationship.mutedUntil);

    const forever = relationshipResponseSchema.parse((await api.ada.client.post(`/api/mutes/${bob.uid}`, { duration: 'forever' })).body).relationship;
    expect(forever).toMatchObject({ muted: true, mutedUntil: null });
    expect(writerPageSchema.parse((await api.ada.client.get('/api/mutes')).body).writers.find((w) => w.uid === bob.uid)?.mutedUntil).toBeNull();

    const unmuted = relationshipResponseSchema.parse((await api.ada.client.send('DELETE', `/api/mutes/${bob.uid}`)).body).relationship;
    expect(unmuted.muted).toBe(false);
    expect(await communityIds(api.ada)).toContain(story.id);
    expect(writerPageSchema.parse((await api.ada.client.get('/api/mutes')).body).writers.map((w) => w.uid)).not.toContain(bob.uid);
  });

  it('treats an ended mute as no mute', async () => {
    const bob = await signUp(api.server);
    const story = await postStory(bob.client, { public: true });
    // Muted for an hour, two hours ago.
    await mute(api.server.ctx, { uid: api.ada.uid, admin: false }, bob.uid, '1h', new Date(Date.now() - 2 * 3_600_000));
    expect(await communityIds(api.ada)).toContain(story.id);
    const { relationship } = relationshipResponseSchema.parse((await api.ada.client.get(`/api/users/${bob.uid}/relationship`)).body);
    expect(relationship).toMatchObject({ muted: false, mutedUntil: null });
    expect(writerPageSchema.parse((await api.ada.client.get('/api/mutes')).body).writers.map((w) => w.uid)).not.toContain(bob.uid);
    // A running one-hour mute does hide him.
    await mute(api.server.ctx, { uid: api.ada.uid, admin: false }, bob.uid, '1h');
    expect(await communityIds(api.ada)).not.toContain(story.id);
  });

  it('tells both writers of a block and only the muter of a mute', async () => {
    const bob = await signUp(api.server);
    const cy = await signUp(api.server);
    const streams = await Promise.all([bob, cy, api.ada].map((w) => openEventStream(w.client)));
    const [bobStream, cyStream, adaStream] = streams;
    try {
      await blockThroughApi(bob.client, cy.uid);
      expect(JSON.parse((await bobStream!.next('relationship.changed')).data)).toEqual({ uid: cy.uid });
      expect(JSON.parse((await cyStream!.next('relationship.changed')).data)).toEqual({ uid: bob.uid });

      expect((await bob.client.post(`/api/mutes/${api.ada.uid}`, { duration: '7d' })).status).toBe(200);
      expect(JSON.parse((await bobStream!.next('relationship.changed')).data)).toEqual({ uid: api.ada.uid });
      // Ada's next event is her own later mute of Cy, not news of Bob's.
      expect((await api.ada.client.post(`/api/mutes/${cy.uid}`, { duration: '1h' })).status).toBe(200);
      expect(JSON.parse((await adaStream!.next('relationship.changed')).data)).toEqual({ uid: cy.uid });
      expect(adaStream!.received.filter((m) => m.event === 'relationship.changed')).toEqual([]);
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('ends with no follow between them however a block races their follows (counts exact)', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => signUp(api.server)));
    const blocker = await signUp(api.server);
    const story = await postStory(blocker.client, { public: true });
    // Each writer follows the blocker and reacts while the blocker blocks them all, at once.
    await Promise.all(
      writers.flatMap((w) => [
        w.client.post(`/api/follows/${blocker.uid}`),
        w.client.send('PUT', `/api/stories/${story.id}/reactions/heart`),
        blocker.client.post(`/api/follows/${w.uid}`),
        blocker.client.post(`/api/blocks/${w.uid}`),
        w.client.post(`/api/follows/${blocker.uid}`),
      ]),
    );
    for (const w of writers) {
      expect(await graphBetween(api.server, blocker.uid, w.uid)).toEqual({ follows: [], requests: [] });
      // After the block every further follow is refused as if the writer did not exist.
      const res = await w.client.send<ErrorBody>('POST', `/api/follows/${blocker.uid}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('User not found');
    }
    await countsMatchRows(api.server, [blocker.uid, ...writers.map((w) => w.uid)]);
    const stored = await api.server.ctx.db.selectFrom('storyReactions').select('uid').where('storyId', '=', story.id).execute();
    const row = await api.server.ctx.db.selectFrom('stories').select('likesCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(Number(row.likesCount)).toBe(stored.length);
  });
});
