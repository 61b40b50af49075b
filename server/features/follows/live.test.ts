import { describe, expect, it } from 'vitest';
import { liveEventSchemas, profileTopic } from '@common/events/live-events';
import { eventsAfter } from '../../events/outbox';
import { openEventStream } from '../../test/sse';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { setFollow } from './test-support';

describe.each(testDialects())('live profile counts on %s', (dialect) => {
  const api = useTestServer(dialect);

  const latest = async () => (await api.server.ctx.bus.position()).latest;

  /** The profile.counts recorded for `uid` after `after`, payloads only. */
  async function countsOf(uid: string, after: number) {
    const events = await eventsAfter(api.server.ctx.db, after, [profileTopic(uid)]);
    return events.filter((e) => e.type === 'profile.counts').map((e) => liveEventSchemas['profile.counts'].parse(JSON.parse(e.payload)));
  }

  it('records both writers’ exact counts on follow, unfollow and remove-follower, and nothing for a repeat', async () => {
    const [ada, bob] = [await signUp(api.server), await signUp(api.server)];
    let before = await latest();
    await setFollow(bob.client, ada.uid, true);
    expect(await countsOf(ada.uid, before)).toEqual([{ uid: ada.uid, followersCount: 1, followingCount: 0 }]);
    expect(await countsOf(bob.uid, before)).toEqual([{ uid: bob.uid, followersCount: 0, followingCount: 1 }]);

    before = await latest();
    await setFollow(bob.client, ada.uid, true);
    expect(await countsOf(ada.uid, before)).toEqual([]);

    await setFollow(ada.client, bob.uid, true);
    before = await latest();
    await setFollow(bob.client, ada.uid, false);
    expect(await countsOf(ada.uid, before)).toEqual([{ uid: ada.uid, followersCount: 0, followingCount: 1 }]);
    expect(await countsOf(bob.uid, before)).toEqual([{ uid: bob.uid, followersCount: 1, followingCount: 0 }]);

    before = await latest();
    expect((await bob.client.send('DELETE', `/api/followers/${ada.uid}`)).status).toBe(200);
    expect(await countsOf(bob.uid, before)).toEqual([{ uid: bob.uid, followersCount: 0, followingCount: 0 }]);
    expect(await countsOf(ada.uid, before)).toEqual([{ uid: ada.uid, followersCount: 0, followingCount: 0 }]);
  });

  it('records nothing for a follow request until it is accepted', async () => {
    const [ada, bob] = [await signUp(api.server), await signUp(api.server)];
    expect((await ada.client.send('PATCH', '/api/me/follow-settings', { approveFollowers: true })).status).toBe(200);
    const before = await latest();
    await setFollow(bob.client, ada.uid, true);
    expect(await countsOf(ada.uid, before)).toEqual([]);
    expect((await ada.client.send('POST', `/api/follows/requests/${bob.uid}/accept`)).status).toBe(200);
    expect(await countsOf(ada.uid, before)).toEqual([{ uid: ada.uid, followersCount: 1, followingCount: 0 }]);
    expect(await countsOf(bob.uid, before)).toEqual([{ uid: bob.uid, followersCount: 0, followingCount: 1 }]);
  });

  it('a block that ends follows records the new counts; one between strangers records none', async () => {
    const [ada, bob, cy] = [await signUp(api.server), await signUp(api.server), await signUp(api.server)];
    await setFollow(bob.client, ada.uid, true);
    await setFollow(ada.client, bob.uid, true);
    let before = await latest();
    expect((await ada.client.send('POST', `/api/blocks/${bob.uid}`)).status).toBe(200);
    expect(await countsOf(ada.uid, before)).toEqual([{ uid: ada.uid, followersCount: 0, followingCount: 0 }]);
    expect(await countsOf(bob.uid, before)).toEqual([{ uid: bob.uid, followersCount: 0, followingCount: 0 }]);
    before = await latest();
    expect((await ada.client.send('POST', `/api/blocks/${cy.uid}`)).status).toBe(200);
    expect(await countsOf(cy.uid, before)).toEqual([]);
  });

  it('a tab watching a profile hears its counts change; a blocked viewer cannot watch it', async () => {
    const [ada, bob, cy] = [await signUp(api.server), await signUp(api.server), await signUp(api.server)];
    const stream = await openEventStream(cy.client, undefined, { watch: `profile:${ada.uid}` });
    try {
      expect(stream.status).toBe(200);
      await setFollow(bob.client, ada.uid, true);
      expect(JSON.parse((await stream.next('profile.counts')).data)).toEqual({ uid: ada.uid, followersCount: 1, followingCount: 0 });
    } finally {
      stream.close();
    }
    expect((await ada.client.send('POST', `/api/blocks/${cy.uid}`)).status).toBe(200);
    const refused = await openEventStream(cy.client, undefined, { watch: `profile:${ada.uid}` });
    refused.close();
    expect(refused.status).toBe(404);
  });
});
