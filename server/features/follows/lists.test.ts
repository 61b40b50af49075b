import { describe, expect, it } from 'vitest';
import { WRITER_PAGE_SIZE, writerSuggestionsSchema } from '@common/follows/follows';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { postStory } from '../stories/test-support';
import { allWriterUids, insertBlock, insertFollow, insertWriters, setFollow, writerPage } from './test-support';

describe.each(testDialects())('follow lists, search and suggestions on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  it('pages following and followers newest first, hiding writers across a block from the viewer', async () => {
    const star = await signUp(api.server);
    const viewer = await signUp(api.server);
    const followees = await insertWriters(api.server, WRITER_PAGE_SIZE + 3, 'Followee');
    for (const uid of followees) await setFollow(star.client, uid, true);

    const first = await writerPage(viewer.client, `/api/users/${star.uid}/following`);
    expect(first.writers).toHaveLength(WRITER_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const all = await allWriterUids(viewer.client, `/api/users/${star.uid}/following`);
    expect(all).toEqual([...followees].reverse());

    await insertBlock(api.server, viewer.uid, followees[0]!);
    await insertBlock(api.server, followees[1]!, viewer.uid);
    const seen = await allWriterUids(viewer.client, `/api/users/${star.uid}/following`);
    expect(seen).toEqual([...followees].slice(2).reverse());
    // A guest sees the whole public list.
    expect(await allWriterUids(api.server.client(), `/api/users/${star.uid}/following`)).toHaveLength(followees.length);
    expect(await allWriterUids(viewer.client, `/api/users/${followees[5]!}/followers`)).toEqual([star.uid]);
  });

  it('shows each writer’s newest public story and the viewer’s follow state in every row', async () => {
    const writer = await signUp(api.server, { name: 'Rowan Row' });
    const viewer = await signUp(api.server);
    const fan = await signUp(api.server);
    const older = await postStory(writer.client, { title: 'Older', public: true });
    const newest = await postStory(writer.client, { title: 'Newest', public: true });
    await postStory(writer.client, { title: 'Secret', public: false });
    await setFollow(fan.client, writer.uid, true);
    await setFollow(viewer.client, writer.uid, true);
    await setFollow(writer.client, viewer.uid, true);

    const fans = await writerPage(viewer.client, `/api/users/${writer.uid}/followers`);
    expect(fans.writers.map((w) => w.uid)).toEqual([viewer.uid, fan.uid]);
    const following = await writerPage(viewer.client, `/api/users/${fan.uid}/following`);
    expect(following.writers).toEqual([
      {
        uid: writer.uid,
        displayName: 'Rowan Row',
        profileIcon: 'User',
        profileImage: null,
        latestStory: { id: newest.id, title: 'Newest' },
        following: true,
        followedBy: true,
        requested: false,
        friends: true,
      },
    ]);
    expect(older.id).not.toBe(newest.id);
  });

  it('searches writers by name, any case, paged, never the viewer or anyone across a block', async () => {
    const token = `Qz${Date.now().toString(36)}`;
    const viewer = await signUp(api.server, { name: `${token} Viewer` });
    const found = await insertWriters(api.server, WRITER_PAGE_SIZE + 2, `${token} Match`);
    const [blocked, blocker] = await insertWriters(api.server, 2, `${token} Hidden`);
    await insertBlock(api.server, viewer.uid, blocked!);
    await insertBlock(api.server, blocker!, viewer.uid);
    await insertWriters(api.server, 1, 'Someone Else');

    const everyone = await allWriterUids(viewer.client, `/api/writers/search?q=${encodeURIComponent(token.toLowerCase())}`);
    expect(everyone).toEqual(found);
    const contains = await allWriterUids(viewer.client, `/api/writers/search?q=${encodeURIComponent(`MATCH 0`)}`);
    expect(contains).toEqual(expect.arrayContaining(found.slice(0, 9)));
    expect((await writerPage(viewer.client, '/api/writers/search?q=')).writers).toEqual([]);
    // LIKE's wildcards are literal characters.
    expect((await writerPage(viewer.client, `/api/writers/search?q=${encodeURIComponent(`${token}%`)}`)).writers).toEqual([]);
    expect((await writerPage(viewer.client, `/api/writers/search?q=${encodeURIComponent(`${token.slice(0, 2)}_`)}`)).writers).toEqual([]);
    expect((await viewer.client.get(`/api/writers/search?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('suggests writers followed by the people I follow, ranked by how many, with every exclusion', async () => {
    const me = await signUp(api.server);
    const [a, b, c, x, y, z, muted, blocker, muter, asked] = await insertWriters(api.server, 10, 'Graph');
    for (const uid of [a!, b!, c!]) await setFollow(me.client, uid, true);
    for (const followee of [x!, y!, z!]) await insertFollow(api.server, a!, followee);
    for (const followee of [x!, y!]) await insertFollow(api.server, b!, followee);
    await insertFollow(api.server, c!, x!);
    // Never suggested: myself, people I follow, requested, muted either way, blocked.
    for (const excluded of [me.uid, b!, muted!, blocker!, muter!, asked!]) await insertFollow(api.server, a!, excluded);
    const now = new Date().toISOString();
    await api.server.ctx.db.insertInto('mutes').values({ muterUid: me.uid, mutedUid: muted!, until: null, created_at: now }).execute();
    await api.server.ctx.db.insertInto('mutes').values({ muterUid: muter!, mutedUid: me.uid, until: null, created_at: now }).execute();
    await insertBlock(api.server, blocker!, me.uid);
    await api.server.ctx.db.insertInto('followRequests').values({ requesterUid: me.uid, targetUid: asked!, created_at: now }).execute();

    const res = await me.client.get('/api/writers/suggestions');
    expect(res.status).toBe(200);
    expect(writerSuggestionsSchema.parse(res.body).writers.map((w) => w.uid)).toEqual([x, y, z]);

    // A mute that has ended no longer hides anyone.
    await api.server.ctx.db.updateTable('mutes').set({ until: '2000-01-01T00:00:00.000Z' }).where('muterUid', '=', me.uid).execute();
    const after = writerSuggestionsSchema.parse((await me.client.get('/api/writers/suggestions')).body);
    const uids = after.writers.map((w) => w.uid);
    expect(uids.slice(0, 2)).toEqual([x, y]);
    expect(uids.slice(2).sort()).toEqual([z!, muted!].sort());
  });

  it('suggests popular and recently published writers to someone who follows nobody', async () => {
    const newcomer = await signUp(api.server);
    const author = await signUp(api.server);
    await postStory(author.client, { public: true });
    const [popular, quiet, hidden] = await insertWriters(api.server, 3, 'Popular');
    const setFollowers = (uid: string, n: number) => api.server.ctx.db.updateTable('users').set({ followersCount: n }).where('uid', '=', uid).execute();
    await setFollowers(popular!, 1_000_000);
    // Equal followers: the one who published wins.
    await setFollowers(quiet!, 500_000);
    await setFollowers(author.uid, 500_000);
    await setFollowers(hidden!, 2_000_000);
    await insertBlock(api.server, hidden!, newcomer.uid);

    const first = writerSuggestionsSchema.parse((await newcomer.client.get('/api/writers/suggestions')).body).writers.map((w) => w.uid);
    expect(first.slice(0, 3)).toEqual([popular, author.uid, quiet]);
    expect(first).not.toContain(newcomer.uid);
    expect(first).not.toContain(hidden);
    expect(first.length).toBeLessThanOrEqual(20);
  });
});
