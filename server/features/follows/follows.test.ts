import { describe, expect, it } from 'vitest';
import { followButtonLabel, followSettingsSchema } from '@common/follows/follows';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { openEventStream } from '../../test/sse';
import type { ErrorBody } from '../stories/test-support';
import { allWriterUids, insertBlock, relationship, setFollow, storedCounts } from './test-support';

describe.each(testDialects())('follows on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('walks the button through Follow, Following, Follow back and Friends, with exact counts', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    expect(followButtonLabel(await relationship(ada.client, bob.uid))).toBe('Follow');

    const following = await setFollow(ada.client, bob.uid, true);
    expect(following).toMatchObject({ uid: bob.uid, following: true, followedBy: false, friends: false, followersCount: 1, followingCount: 0 });
    expect(followButtonLabel(following)).toBe('Following');
    expect(followButtonLabel(await relationship(bob.client, ada.uid))).toBe('Follow back');
    // Twice: the same state, no second row.
    expect(await setFollow(ada.client, bob.uid, true)).toEqual(following);
    expect(await storedCounts(api.server, bob.uid)).toMatchObject({ followersCount: 1, followerRows: 1 });

    const back = await setFollow(bob.client, ada.uid, true);
    expect(back).toMatchObject({ following: true, followedBy: true, friends: true });
    expect(followButtonLabel(back)).toBe('Friends');
    expect(followButtonLabel(await relationship(ada.client, bob.uid))).toBe('Friends');
    expect(await allWriterUids(ada.client, '/api/me/friends')).toEqual([bob.uid]);

    const unfollowed = await setFollow(ada.client, bob.uid, false);
    expect(unfollowed).toMatchObject({ following: false, followedBy: true, friends: false, followersCount: 0, followingCount: 1 });
    expect(followButtonLabel(unfollowed)).toBe('Follow back');
    expect(await setFollow(ada.client, bob.uid, false)).toEqual(unfollowed);
    expect(await allWriterUids(ada.client, '/api/me/friends')).toEqual([]);
    for (const who of [ada.uid, bob.uid]) {
      const counts = await storedCounts(api.server, who);
      expect(counts.followersCount).toBe(counts.followerRows);
      expect(counts.followingCount).toBe(counts.followingRows);
    }
  });

  it('shows a writer their own counts, and the viewer their active mute with its end', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    await setFollow(ada.client, bob.uid, true);
    expect(await relationship(bob.client, bob.uid)).toMatchObject({ following: false, followedBy: false, followersCount: 1, followingCount: 0 });

    const until = new Date(Date.now() + 3_600_000).toISOString();
    const now = new Date().toISOString();
    await api.server.ctx.db.insertInto('mutes').values({ muterUid: ada.uid, mutedUid: bob.uid, until, created_at: now }).execute();
    expect(await relationship(ada.client, bob.uid)).toMatchObject({ muted: true, mutedUntil: until, following: true });
    // Private: bob never learns of it.
    expect(await relationship(bob.client, ada.uid)).toMatchObject({ muted: false, mutedUntil: null });
    await api.server.ctx.db.updateTable('mutes').set({ until: '2000-01-01T00:00:00.000Z' }).where('muterUid', '=', ada.uid).execute();
    expect(await relationship(ada.client, bob.uid)).toMatchObject({ muted: false, mutedUntil: null });
    await api.server.ctx.db.updateTable('mutes').set({ until: null }).where('muterUid', '=', ada.uid).execute();
    expect(await relationship(ada.client, bob.uid)).toMatchObject({ muted: true, mutedUntil: null });
  });

  it('asks first when the writer approves followers: Requested, accept, decline (silently) and cancel', async () => {
    const quiet = await signUp(api.server);
    const [ann, ben, cat] = await Promise.all([signUp(api.server), signUp(api.server), signUp(api.server)]);
    const settings = await quiet.client.patch('/api/me/follow-settings', { approveFollowers: true });
    expect(followSettingsSchema.parse(settings.body)).toEqual({ approveFollowers: true });
    expect((await quiet.client.get('/api/me/follow-settings')).body).toEqual({ approveFollowers: true });

    const stream = await openEventStream(quiet.client);
    try {
      for (const fan of [ann, ben, cat]) {
        const asked = await setFollow(fan.client, quiet.uid, true);
        expect(asked).toMatchObject({ requested: true, following: false, approveFollowers: true, followersCount: 0 });
        expect(followButtonLabel(asked)).toBe('Requested');
      }
      expect(JSON.parse((await stream.next('follow.requested')).data)).toEqual({ requesterUid: ann.uid });
    } finally {
      stream.close();
    }
    // Asking twice changes nothing.
    expect(await setFollow(ann.client, quiet.uid, true)).toMatchObject({ requested: true });
    expect((await relationship(quiet.client, ann.uid)).requestedBy).toBe(true);
    expect(await allWriterUids(quiet.client, '/api/follows/requests')).toEqual([cat.uid, ben.uid, ann.uid]);

    expect((await quiet.client.post(`/api/follows/requests/${ann.uid}/accept`)).body).toEqual({ ok: true });
    expect(await relationship(ann.client, quiet.uid)).toMatchObject({ following: true, requested: false, followersCount: 1 });
    expect((await quiet.client.post(`/api/follows/requests/${ben.uid}/decline`)).body).toEqual({ ok: true });
    // Declined: ben simply may ask again; nothing tells him.
    expect(await relationship(ben.client, quiet.uid)).toMatchObject({ following: false, requested: false });
    expect(await setFollow(cat.client, quiet.uid, false)).toMatchObject({ requested: false, following: false });
    expect(await allWriterUids(quiet.client, '/api/follows/requests')).toEqual([]);

    // A request is answered once, and only by its target.
    const again = await quiet.client.post<ErrorBody>(`/api/follows/requests/${ann.uid}/accept`);
    expect([again.status, again.body.error.message]).toEqual([404, 'Follow request not found']);
    await setFollow(ben.client, quiet.uid, true);
    expect((await cat.client.post(`/api/follows/requests/${ben.uid}/accept`)).status).toBe(404);
    expect((await relationship(ben.client, quiet.uid)).requested).toBe(true);

    // Turning approval off keeps pending requests pending; the next Follow is immediate.
    await quiet.client.patch('/api/me/follow-settings', { approveFollowers: false });
    expect(await allWriterUids(quiet.client, '/api/follows/requests')).toEqual([ben.uid]);
    expect(await setFollow(cat.client, quiet.uid, true)).toMatchObject({ following: true, requested: false });
    // Ben's Follow now turns his old request into the follow.
    expect(await setFollow(ben.client, quiet.uid, true)).toMatchObject({ following: true, requested: false, followersCount: 3 });
    expect(await allWriterUids(quiet.client, '/api/follows/requests')).toEqual([]);
    expect(await storedCounts(api.server, quiet.uid)).toMatchObject({ followersCount: 3, followerRows: 3 });
  });

  it('removes a follower without a block, and tells both sides’ tabs', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    await setFollow(bob.client, ada.uid, true);
    await setFollow(ada.client, bob.uid, true);
    const bobStream = await openEventStream(bob.client);
    try {
      const res = await ada.client.send('DELETE', `/api/followers/${bob.uid}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ relationship: { following: true, followedBy: false, friends: false, blocking: false, followersCount: 1, followingCount: 0 } });
      expect(JSON.parse((await bobStream.next('relationship.changed')).data)).toEqual({ uid: ada.uid });
    } finally {
      bobStream.close();
    }
    expect(await storedCounts(api.server, ada.uid)).toMatchObject({ followersCount: 0, followerRows: 0, followingCount: 1 });
    // Not a block: bob may follow again.
    expect(await setFollow(bob.client, ada.uid, true)).toMatchObject({ following: true, friends: true });
  });

  it('sends follow.created to the followee, saying whether they are now friends', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    const stream = await openEventStream(bob.client);
    try {
      await setFollow(ada.client, bob.uid, true);
      expect(JSON.parse((await stream.next('follow.created')).data)).toEqual({ followerUid: ada.uid, followeeUid: bob.uid, friends: false });
      expect(JSON.parse((await stream.next('relationship.changed')).data)).toEqual({ uid: ada.uid });
    } finally {
      stream.close();
    }
    const adaStream = await openEventStream(ada.client);
    try {
      await setFollow(bob.client, ada.uid, true);
      expect(JSON.parse((await adaStream.next('follow.created')).data)).toEqual({ followerUid: bob.uid, followeeUid: ada.uid, friends: true });
    } finally {
      adaStream.close();
    }
  });

  it('refuses guests (401), and answers the same 404 for oneself, an unknown uid and a block either way', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    const guest = api.server.client();
    for (const [method, path] of [
      ['POST', `/api/follows/${bob.uid}`],
      ['DELETE', `/api/follows/${bob.uid}`],
      ['DELETE', `/api/followers/${bob.uid}`],
      ['POST', `/api/follows/requests/${bob.uid}/accept`],
      ['POST', `/api/follows/requests/${bob.uid}/decline`],
      ['PATCH', '/api/me/follow-settings'],
      ['GET', '/api/me/friends'],
      ['GET', '/api/follows/requests'],
      ['GET', '/api/writers/search?q=a'],
      ['GET', '/api/writers/suggestions'],
    ] as const) {
      expect((await guest.send(method, path, method === 'PATCH' ? { approveFollowers: true } : undefined)).status, path).toBe(401);
    }
    // Guests still read relationships (counts only) and the public lists.
    expect(await relationship(guest, bob.uid)).toMatchObject({ following: false, followersCount: 0 });
    expect((await guest.get(`/api/users/${bob.uid}/followers`)).status).toBe(200);

    const notFound = async (method: string, path: string) => {
      const res = await ada.client.send<ErrorBody>(method, path);
      expect([res.status, res.body.error.message], `${method} ${path}`).toEqual([404, 'User not found']);
    };
    await notFound('POST', `/api/follows/${ada.uid}`);
    await notFound('POST', '/api/follows/nobodyAtAll000000000');
    await notFound('POST', '/api/follows/not%20a%20uid');
    await notFound('GET', '/api/users/nobodyAtAll000000000/relationship');

    await setFollow(ada.client, bob.uid, true);
    await insertBlock(api.server, bob.uid, ada.uid);
    // Blocked by bob: ada cannot follow, unfollow, remove, or even see the relationship or lists.
    await notFound('POST', `/api/follows/${bob.uid}`);
    await notFound('DELETE', `/api/follows/${bob.uid}`);
    await notFound('DELETE', `/api/followers/${bob.uid}`);
    await notFound('GET', `/api/users/${bob.uid}/relationship`);
    await notFound('GET', `/api/users/${bob.uid}/followers`);
    // Bob, the blocker, sees that he blocks ada, but cannot follow her either.
    expect(await relationship(bob.client, ada.uid)).toMatchObject({ blocking: true });
    const res = await bob.client.send<ErrorBody>('POST', `/api/follows/${ada.uid}`);
    expect([res.status, res.body.error.message]).toEqual([404, 'User not found']);

    const bad = await ada.client.send<ErrorBody>('PATCH', '/api/me/follow-settings', { approveFollowers: 'yes' });
    expect([bad.status, bad.body.error.message]).toEqual([400, 'approveFollowers: Say whether to approve new followers.']);
    expect((await ada.client.get('/api/me/friends?cursor=bogus')).status).toBe(400);
  });
});
