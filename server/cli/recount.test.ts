import { beforeAll, describe, expect, it } from 'vitest';
import { storyTopic } from '@common/events/live-events';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../test/server';
import { postStory } from '../features/stories/test-support';
import { respond, submitRequest } from '../features/feature-requests/test-support';
import { setFollow } from '../features/follows/test-support';
import { buildCommandLine, drabble, drabbleProcess } from '../test/cli';

describe.each(testDialects())('recount on %s', (dialect) => {
  beforeAll(async () => {
    // Before the server: a stale dist/cli.js is built here, not by the command the test races.
    buildCommandLine();
  });
  const api = useTestServer(dialect);

  const db = () => api.server.ctx.db;
  const count = async (table: 'stories' | 'users' | 'moderationCases' | 'tags' | 'featureRequests' | 'conversations') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const livingUsers = async () =>
    Number((await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('deletedAt', 'is', null).executeTakeFirstOrThrow()).n);
  const ok = (status: number) => expect(status).toBe(200);

  it('finds every corrupted value, rewrites it from its rows, tells the open tabs, and says what drifted', async () => {
    const owner = await signUpVerified(api.server, { email: ADMIN_EMAIL, name: 'Owner' });
    const ada = await signUp(api.server, { name: 'Ada' });
    const bob = await signUp(api.server, { name: 'Bob' });
    const cy = await signUp(api.server, { name: 'Cy' });
    const first = await postStory(ada.client, { public: true, tags: ['recounted'] });
    const second = await postStory(ada.client, { public: true });
    ok((await bob.client.send('PUT', `/api/stories/${first.id}/reactions/heart`)).status);
    ok((await cy.client.send('PUT', `/api/stories/${first.id}/reactions/fire`)).status);
    expect((await bob.client.post(`/api/stories/${second.id}/comments`, { text: 'Lovely' })).status).toBe(201);
    ok((await bob.client.post(`/api/stories/${first.id}/view`)).status);
    await setFollow(bob.client, ada.uid, true);
    expect((await cy.client.post('/api/reports', { targetType: 'story', targetId: first.id, category: 'spam' })).status).toBe(201);
    const request = await submitRequest(bob.client, 'Tags, please');
    const answered = await respond(owner.client, request.id, 'On our list!');
    const caseRow = await db().selectFrom('moderationCases').select('id').where('targetId', '=', first.id).executeTakeFirstOrThrow();
    const conversationId = answered.conversationId!;
    const lastMessage = await db()
      .selectFrom('conversationMessages')
      .select(['text', 'created_at'])
      .where('conversationId', '=', conversationId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const adaBefore = await db().selectFrom('users').select(['streak', 'bestStreak', 'streakFreezes']).where('uid', '=', ada.uid).executeTakeFirstOrThrow();
    expect(adaBefore).toEqual({ streak: 1, bestStreak: 1, streakFreezes: 0 });

    // One drifted row of every kind.
    await db().updateTable('stories').set({ likesCount: 7, viewsCount: 40 }).where('id', '=', first.id).execute();
    await db().updateTable('stories').set({ commentsCount: 0 }).where('id', '=', second.id).execute();
    await db().updateTable('users').set({ followersCount: 3, streak: 12, bestStreak: 0, streakFreezes: 2 }).where('uid', '=', ada.uid).execute();
    await db().updateTable('users').set({ followingCount: 0 }).where('uid', '=', bob.uid).execute();
    await db().updateTable('moderationCases').set({ reportsCount: 9 }).where('id', '=', caseRow.id).execute();
    await db().updateTable('tags').set({ storyCount: 5 }).where('key', '=', 'recounted').execute();
    await db().updateTable('featureRequests').set({ hasAdminResponse: 0 }).where('id', '=', request.id).execute();
    await db().updateTable('conversations').set({ lastMessage: 'tampered', lastMessageAt: '2000-01-01T00:00:00.000Z' }).where('id', '=', conversationId).execute();
    const eventsBefore = Number((await db().selectFrom('liveEvents').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);

    const [stories, users, cases, tags, requests, conversations, living] = [
      await count('stories'), await count('users'), await count('moderationCases'), await count('tags'), await count('featureRequests'), await count('conversations'), await livingUsers(),
    ];
    const run = await drabble(['recount'], api.server.env);
    expect(run.code, run.err).toBe(0);
    const lines = run.out.split('\n');
    expect(lines.slice(0, -1)).toEqual([
      `stories.likesCount (from reactions): 1 of ${stories} drifted, fixed`,
      `stories.commentsCount (from comments): 1 of ${stories} drifted, fixed`,
      `stories.viewsCount (from views, one per reader a day): 1 of ${stories} drifted, fixed`,
      `users.followersCount (from follows): 1 of ${users} drifted, fixed`,
      `users.followingCount (from follows): 1 of ${users} drifted, fixed`,
      `moderationCases.reportsCount (from reports): 1 of ${cases} drifted, fixed`,
      `tags.storyCount (from the stories a guest may read): 1 of ${tags} drifted, fixed`,
      `featureRequests.hasAdminResponse (from admin responses): 1 of ${requests} drifted, fixed`,
      `conversations.lastMessage, lastMessageAt (from the last message): 1 of ${conversations} drifted, fixed`,
      `users.streak, bestStreak, streakFreezes (from writing days): 1 of ${living} drifted, fixed`,
    ]);
    expect(lines.at(-1)).toMatch(/^Fixed 10 rows \(\d+\.\d s\)\.$/);

    const story = (id: string) => db().selectFrom('stories').select(['likesCount', 'commentsCount', 'viewsCount']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await story(first.id)).toEqual({ likesCount: 2, commentsCount: 0, viewsCount: 1 });
    expect(await story(second.id)).toEqual({ likesCount: 0, commentsCount: 1, viewsCount: 0 });
    expect(await db().selectFrom('users').select(['followersCount', 'streak', 'bestStreak', 'streakFreezes']).where('uid', '=', ada.uid).executeTakeFirstOrThrow()).toEqual({
      followersCount: 1,
      ...adaBefore,
    });
    expect((await db().selectFrom('users').select('followingCount').where('uid', '=', bob.uid).executeTakeFirstOrThrow()).followingCount).toBe(1);
    expect((await db().selectFrom('moderationCases').select('reportsCount').where('id', '=', caseRow.id).executeTakeFirstOrThrow()).reportsCount).toBe(1);
    expect((await db().selectFrom('featureRequests').select('hasAdminResponse').where('id', '=', request.id).executeTakeFirstOrThrow()).hasAdminResponse).toBe(1);
    expect(await db().selectFrom('conversations').select(['lastMessage', 'lastMessageAt']).where('id', '=', conversationId).executeTakeFirstOrThrow()).toEqual({
      lastMessage: lastMessage.text,
      lastMessageAt: lastMessage.created_at,
    });

    // The tabs showing them hear the fixed values as they hear any change.
    const events = await db().selectFrom('liveEvents').select(['topic', 'type', 'payload']).where('id', '>', eventsBefore).execute();
    const heard = (topic: string, type: string) => events.filter((e) => e.topic === topic && e.type === type).map((e) => JSON.parse(e.payload) as unknown);
    expect(heard(storyTopic(first.id), 'story.counts')).toEqual([expect.objectContaining({ storyId: first.id, likesCount: 2, commentsCount: 0 })]);
    expect(heard(`profile:${ada.uid}`, 'profile.counts')).toEqual([{ uid: ada.uid, followersCount: 1, followingCount: 0 }]);
    expect(heard('admins', 'moderation.changed')).toEqual([{ caseId: caseRow.id }]);
    expect(heard(`user:${bob.uid}`, 'featureRequest.changed')).toEqual([{ featureRequestId: request.id }]);
    expect(heard(`user:${bob.uid}`, 'conversation.changed')).toEqual([{ conversationId }]);
    expect(heard(`user:${ada.uid}`, 'user.updated')).toHaveLength(1);

    const again = await drabble(['recount'], api.server.env);
    expect(again.out.split('\n').slice(0, -1).every((line) => / 0 of \d+ drifted$/.test(line))).toBe(true);
    expect(again.out.split('\n').at(-1)).toMatch(/^Nothing had drifted \(\d+\.\d s\)\.$/);
  });

  it('is safe while the server serves writes: run as node bin/drabble.js beside a burst on the same rows', async () => {
    const ada = await signUp(api.server, { name: 'Ada' });
    const readers = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(api.server, { name: `Reader ${i}` })));
    const stories = [];
    for (let i = 0; i < 6; i++) stories.push(await postStory(ada.client, { public: true }));
    const ids = stories.map((s) => s.id);
    // Every story and Ada's follower count drift, and the burst below keeps writing them.
    await db().updateTable('stories').set((eb) => ({ likesCount: eb('likesCount', '+', 3) })).where('id', 'in', ids).execute();
    await db().updateTable('users').set((eb) => ({ followersCount: eb('followersCount', '+', 5) })).where('uid', '=', ada.uid).execute();

    const statuses: number[] = [];
    let running = true;
    const burst = async (reader: SignedUp, r: number) => {
      for (let step = 0; running; step++) {
        const id = ids[(r + step) % ids.length]!;
        const kind = (['heart', 'fire', 'wow'] as const)[step % 3];
        statuses.push((await reader.client.send(step % 4 === 3 ? 'DELETE' : 'PUT', `/api/stories/${id}/reactions/${kind}`)).status);
        statuses.push((await reader.client.send(step % 2 ? 'DELETE' : 'POST', `/api/follows/${ada.uid}`)).status);
      }
    };
    const writers = readers.map((reader, r) => burst(reader, r));
    const recounted = await drabbleProcess(['recount'], api.server.env);
    running = false;
    await Promise.all(writers);

    expect(recounted.code, recounted.err).toBe(0);
    expect(recounted.out).toContain(`stories.likesCount (from reactions): ${ids.length} of ${await count('stories')} drifted, fixed`);
    expect(recounted.out).toContain(`users.followersCount (from follows): 1 of ${await count('users')} drifted, fixed`);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const id of ids) {
      const { likesCount } = await db().selectFrom('stories').select('likesCount').where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await db().selectFrom('storyReactions').select('kind').where('storyId', '=', id).execute();
      expect(likesCount).toBe(rows.length);
    }
    const followers = await db().selectFrom('follows').select('followerUid').where('followeeUid', '=', ada.uid).execute();
    expect((await db().selectFrom('users').select('followersCount').where('uid', '=', ada.uid).executeTakeFirstOrThrow()).followersCount).toBe(followers.length);
  });
});
