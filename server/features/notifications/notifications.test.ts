import { beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_GROUP_MS, NOTIFICATION_LIST_PAGE_SIZE, STORY_GROUP_MS } from '@common/notifications/notifications';
import { storyTopic } from '@common/events/live-events';
import type { Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../../test/server';
import { newId } from '../../shared/ids';
import { postStory, type ErrorBody } from '../stories/test-support';
import { respond, submitRequest } from '../feature-requests/test-support';
import { insertWriters, setFollow } from '../follows/test-support';
import { ACTOR_PAGE_SIZE } from './queries';
import { actorsOf, allNotifications, listPage, ofType, unreadCount, withoutBadgeNotices } from './test-support';

describe.each(testDialects())('notifications on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { ada: { name: 'Ada' } } });
  beforeAll(async () => {
    await withoutBadgeNotices(api.ada.client);
  });

  /** A new writer with a public story: the addressee of story notifications. */
  async function authorWithStory(title = 'Rain on the Roof') {
    const author = await signUp(api.server, { name: 'Author' });
    await withoutBadgeNotices(author.client);
    const story = await postStory(author.client, { public: true, title });
    return { author, story };
  }

  async function readers(count: number, prefix = 'Reader'): Promise<SignedUp[]> {
    const people: SignedUp[] = [];
    // One at a time: sign-up order is the order the test reacts in.
    for (let n = 1; n <= count; n++) people.push(await signUp(api.server, { name: `${prefix} ${n}` }));
    return people;
  }

  const react = (who: SignedUp, storyId: string, kind = 'heart', present = true) => who.client.send(present ? 'PUT' : 'DELETE', `/api/stories/${storyId}/reactions/${kind}`);

  it('a comment notifies the author with its opening words; comments never group; deleting one takes it back', async () => {
    const { author, story } = await authorWithStory();
    const long = `${'word '.repeat(30)}end`;
    const first = await api.ada.client.post<{ comment: { id: string } }>(`/api/stories/${story.id}/comments`, { text: long });
    expect(first.status).toBe(201);
    await api.ada.client.post(`/api/stories/${story.id}/comments`, { text: 'Second thought' });

    const comments = await ofType(author.client, 'comment');
    expect(comments).toHaveLength(2);
    const [newest, oldest] = comments;
    expect(newest).toMatchObject({ detail: 'Second thought', subject: 'Rain on the Roof', link: `/story/${story.id}`, actorCount: 1, read: false });
    expect(newest!.actors).toEqual([{ uid: api.ada.uid, displayName: 'Ada', profileIcon: expect.any(String), profileImage: null }]);
    expect(oldest!.detail!.length).toBeLessThanOrEqual(80);
    expect(oldest!.detail).toMatch(/^word word .*…$/);
    expect(JSON.stringify(comments)).not.toContain(api.ada.email);
    expect(await unreadCount(author.client)).toBe(2);

    expect((await api.ada.client.delete(`/api/stories/${story.id}/comments/${first.body.comment.id}`)).status).toBe(200);
    expect((await ofType(author.client, 'comment')).map((n) => n.detail)).toEqual(['Second thought']);
    expect(await unreadCount(author.client)).toBe(1);
  });

  it('five readers reacting make one row naming the first three; a new one re-unreads it and moves it to the top', async () => {
    const { author, story } = await authorWithStory('Grouped');
    const five = await readers(5);
    for (const reader of five) expect((await react(reader, story.id)).status).toBe(200);

    let rows = await ofType(author.client, 'reaction');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorCount).toBe(5);
    expect(rows[0]!.actors.map((a) => a.displayName)).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    expect((await actorsOf(author.client, rows[0]!.id)).actors.map((a) => a.uid)).toEqual(five.map((r) => r.uid));
    expect(await unreadCount(author.client)).toBe(1);

    // Something newer on top, then the group is read.
    const other = await postStory(author.client, { public: true, title: 'Other' });
    await react(five[0]!, other.id);
    expect((await author.client.post(`/api/notifications/${rows[0]!.id}/read`)).body).toEqual({ unread: 1 });
    expect((await listPage(author.client)).notifications[0]!.subject).toBe('Other');

    // Someone already in the group, another kind: nothing changes.
    await react(five[1]!, story.id, 'fire');
    rows = await ofType(author.client, 'reaction');
    expect(rows.find((n) => n.subject === 'Grouped')).toMatchObject({ read: true, actorCount: 5 });

    // A sixth person joins: unread again, and on top.
    const [sixth] = await readers(1, 'Sixth');
    await react(sixth!, story.id);
    const top = (await listPage(author.client)).notifications[0]!;
    expect(top).toMatchObject({ subject: 'Grouped', read: false, actorCount: 6 });
    expect(top.actors.map((a) => a.displayName)).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
    expect(await unreadCount(author.client)).toBe(2);
  });

  it('removing the last reaction takes the reader out; removing everyone removes the row', async () => {
    const { author, story } = await authorWithStory('Fleeting');
    const [one, two] = await readers(2);
    await react(one!, story.id, 'heart');
    await react(one!, story.id, 'wow');
    await react(two!, story.id, 'heart');
    await react(one!, story.id, 'heart', false);
    expect((await ofType(author.client, 'reaction'))[0]!.actorCount).toBe(2);
    await react(one!, story.id, 'wow', false);
    const left = await ofType(author.client, 'reaction');
    expect(left).toHaveLength(1);
    expect(left[0]!.actors.map((a) => a.uid)).toEqual([two!.uid]);
    await react(two!, story.id, 'heart', false);
    expect(await ofType(author.client, 'reaction')).toEqual([]);
    expect(await unreadCount(author.client)).toBe(0);
  });

  it('a reaction group older than 12 hours stays as it is: the next reaction starts a new row', async () => {
    const { author, story } = await authorWithStory('Old news');
    const [one, two] = await readers(2);
    await react(one!, story.id);
    const [old] = await ofType(author.client, 'reaction');
    const past = new Date(Date.now() - STORY_GROUP_MS - 60_000).toISOString();
    await api.server.ctx.db.updateTable('notifications').set({ created_at: past, updated_at: past }).where('id', '=', old!.id).execute();
    await react(two!, story.id);
    const rows = await ofType(author.client, 'reaction');
    expect(rows.map((n) => n.actors.map((a) => a.uid))).toEqual([[two!.uid], [one!.uid]]);
  });

  it('favourites notify and group per story; unfavouriting takes the reader back out', async () => {
    const { author, story } = await authorWithStory('Keeper');
    const [one, two] = await readers(2);
    expect((await one!.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    await two!.client.send('PUT', `/api/favorites/${story.id}`);
    await two!.client.send('PUT', `/api/favorites/${story.id}`);
    const [row] = await ofType(author.client, 'favorite');
    expect(row).toMatchObject({ actorCount: 2, subject: 'Keeper', link: `/story/${story.id}` });
    await one!.client.delete(`/api/favorites/${story.id}`);
    expect((await ofType(author.client, 'favorite'))[0]!.actors.map((a) => a.uid)).toEqual([two!.uid]);
    await two!.client.delete(`/api/favorites/${story.id}`);
    expect(await ofType(author.client, 'favorite')).toEqual([]);
  });

  it('follows group within 24 hours; a returned follow tells the one followed back they are friends; unfollowing takes it back', async () => {
    const star = await signUp(api.server, { name: 'Star' });
    await withoutBadgeNotices(star.client);
    const [one, two] = await readers(2, 'Fan');
    await setFollow(one!.client, star.uid, true);
    await setFollow(two!.client, star.uid, true);
    const [follows] = await ofType(star.client, 'follow');
    expect(follows).toMatchObject({ actorCount: 2, link: '/friends?tab=followers' });

    // Star follows Fan 1 back: Fan 1, whose follow was returned, hears they are friends.
    await setFollow(star.client, one!.uid, true);
    const [friend] = await ofType(one!.client, 'friend');
    expect(friend).toMatchObject({ actorCount: 1, link: `/user/${star.uid}` });
    expect(friend!.actors[0]!.uid).toBe(star.uid);
    expect(await ofType(one!.client, 'follow')).toEqual([]);
    expect(await ofType(star.client, 'friend')).toEqual([]);

    await setFollow(two!.client, star.uid, false);
    expect((await ofType(star.client, 'follow'))[0]!.actors.map((a) => a.uid)).toEqual([one!.uid]);

    // A day later the group is closed: the next follower starts a new row.
    const past = new Date(Date.now() - FOLLOW_GROUP_MS - 60_000).toISOString();
    await api.server.ctx.db.updateTable('notifications').set({ created_at: past, updated_at: past }).where('id', '=', follows!.id).execute();
    await setFollow(two!.client, star.uid, true);
    expect((await ofType(star.client, 'follow')).map((n) => n.actors.map((a) => a.uid))).toEqual([[two!.uid], [one!.uid]]);
    // The friendship ends: its row goes too.
    await setFollow(star.client, one!.uid, false);
    expect(await ofType(one!.client, 'friend')).toEqual([]);
  });

  it('a follow request notifies; cancelling or answering it takes it back', async () => {
    const guarded = await signUp(api.server, { name: 'Guarded' });
    await withoutBadgeNotices(guarded.client);
    expect((await guarded.client.patch('/api/me/follow-settings', { approveFollowers: true })).status).toBe(200);
    const [one, two] = await readers(2, 'Asker');
    await setFollow(one!.client, guarded.uid, true);
    await setFollow(two!.client, guarded.uid, true);
    const requests = await ofType(guarded.client, 'follow_request');
    expect(requests.map((n) => n.actors[0]!.uid).sort()).toEqual([one!.uid, two!.uid].sort());
    expect(requests[0]!.link).toBe('/friends?tab=requests');

    await setFollow(one!.client, guarded.uid, false);
    expect((await guarded.client.post(`/api/follows/requests/${two!.uid}/accept`)).status).toBe(200);
    expect(await ofType(guarded.client, 'follow_request')).toEqual([]);
    // Accepting is the writer's own act: no "started following you" for it.
    expect(await ofType(guarded.client, 'follow')).toEqual([]);
  });

  it("an admin's response and a status change reach the requester; admin and user lists never mix", async () => {
    const admin = await signUpVerified(api.server, { email: ADMIN_EMAIL, name: 'Owner' });
    const requester = await signUp(api.server, { name: 'Suggester' });
    const request = await submitRequest(requester.client, `Please add a dark mode for the reading view ${'x'.repeat(80)}`);
    await respond(admin.client, request.id, 'Good idea, on it.');
    const [response] = await ofType(requester.client, 'feature_request_response');
    expect(response!.subject!.length).toBeLessThanOrEqual(60);
    expect(response!.subject).toMatch(/^Please add a dark mode/);
    expect(response!.link).toMatch(/^\/messages\?c=[A-Za-z0-9]+$/);

    expect((await admin.client.patch(`/api/admin/feature-requests/${request.id}/status`, { status: 'resolved' })).status).toBe(200);
    const [status] = await ofType(requester.client, 'feature_request_status');
    expect(status).toMatchObject({ detail: 'Resolved', link: response!.link });

    // The admins' shared list has only the new-request row, and the admin's own list has none of it.
    const adminList = await admin.client.get<{ notifications: Array<{ to: string }> }>('/api/admin/notifications');
    expect(adminList.status).toBe(200);
    expect(adminList.body.notifications.every((n) => n.to === 'admin')).toBe(true);
    expect(await allNotifications(admin.client)).toEqual([]);
    const adminRow = await api.server.ctx.db.selectFrom('notifications').select('id').where('to', '=', 'admin').executeTakeFirstOrThrow();
    expect((await admin.client.post(`/api/notifications/${adminRow.id}/read`)).status).toBe(404);
  });

  it('never for your own actions, from blocked or muted writers, against your preferences, or on the story you are looking at', async () => {
    const { author, story } = await authorWithStory('Quiet');
    const [blocked, blocker, muted, stranger, friend, fav] = await readers(6, 'Edge');
    await react(author, story.id);
    await author.client.post(`/api/stories/${story.id}/comments`, { text: 'My own note' });

    // What a writer did before they were blocked goes out of sight with the block (and the count with it).
    await react(blocked!, story.id);
    await react(blocker!, story.id);
    expect((await ofType(author.client, 'reaction'))[0]!.actorCount).toBe(2);
    expect((await author.client.post(`/api/blocks/${blocked!.uid}`)).status).toBe(200);
    expect((await ofType(author.client, 'reaction'))[0]!.actors.map((a) => a.uid)).toEqual([blocker!.uid]);
    await blocker!.client.post(`/api/blocks/${author.uid}`);
    expect((await author.client.post(`/api/mutes/${muted!.uid}`, { duration: 'forever' })).status).toBe(200);
    // Blocks already refuse most of these (the story is out of sight); whatever gets through tells nobody.
    await react(blocked!, story.id);
    await blocker!.client.post(`/api/follows/${author.uid}`);
    expect((await react(muted!, story.id)).status).toBe(200);
    expect(await allNotifications(author.client)).toEqual([]);
    expect(await unreadCount(author.client)).toBe(0);

    // Reactions off; comments only from people the author follows.
    const prefs = await author.client.patch('/api/me/notification-prefs', { types: { reaction: { on: false }, comment: { from: 'following' } } });
    expect(prefs.status).toBe(200);
    await setFollow(author.client, friend!.uid, true);
    await react(stranger!, story.id);
    await stranger!.client.post(`/api/stories/${story.id}/comments`, { text: 'From a stranger' });
    await friend!.client.post(`/api/stories/${story.id}/comments`, { text: 'From a friend' });
    expect((await allNotifications(author.client)).map((n) => n.detail)).toEqual(['From a friend']);

    // The author's tab is on the story: nothing while they look at it.
    const until = new Date(Date.now() + 60_000).toISOString();
    await api.server.ctx.db.insertInto('liveStreams').values({ id: newId(), instanceId: 'elsewhere', uid: author.uid, watching: storyTopic(story.id), until }).execute();
    await fav!.client.send('PUT', `/api/favorites/${story.id}`);
    expect(await ofType(author.client, 'favorite')).toEqual([]);
    await api.server.ctx.db.deleteFrom('liveStreams').where('uid', '=', author.uid).execute();
  });

  it('twenty readers reacting at once make exactly one row of twenty and a bell count of one', async () => {
    const { author, story } = await authorWithStory('Burst');
    const crowd = await Promise.all(Array.from({ length: 20 }, (_, n) => signUp(api.server, { name: `Crowd ${n}` })));
    const results = await Promise.all(crowd.map((reader) => react(reader, story.id)));
    expect(results.map((r) => r.status)).toEqual(crowd.map(() => 200));
    const rows = await ofType(author.client, 'reaction');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorCount).toBe(20);
    expect(await unreadCount(author.client)).toBe(1);
    const stored = await api.server.ctx.db.selectFrom('notificationActors').select('actorUid').where('notificationId', '=', rows[0]!.id).execute();
    expect(stored).toHaveLength(20);
  });

  it('marks one and then all read, telling every open tab the count (bell.changed)', async () => {
    const { author, story } = await authorWithStory('Bell');
    const stream = await openEventStream(author.client);
    try {
      const [one] = await readers(1);
      await react(one!, story.id);
      await one!.client.post(`/api/stories/${story.id}/comments`, { text: 'Hello' });
      const counts: number[] = [];
      for (let n = 0; n < 2; n++) counts.push((JSON.parse((await stream.next('bell.changed')).data) as { unread: number }).unread);
      expect(counts).toEqual([1, 2]);

      const [newest] = (await listPage(author.client)).notifications;
      expect((await author.client.post(`/api/notifications/${newest!.id}/read`)).body).toEqual({ unread: 1 });
      expect(JSON.parse((await stream.next('bell.changed')).data)).toEqual({ unread: 1 });
      // Again: nothing changes, nothing is announced.
      expect((await author.client.post(`/api/notifications/${newest!.id}/read`)).body).toEqual({ unread: 1 });
      expect((await author.client.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
      expect(JSON.parse((await stream.next('bell.changed')).data)).toEqual({ unread: 0 });
      expect((await listPage(author.client)).notifications.every((n) => n.read)).toBe(true);

      // Someone else's notification is as good as missing; so is a malformed id.
      expect((await one!.client.post<ErrorBody>(`/api/notifications/${newest!.id}/read`)).status).toBe(404);
      expect((await one!.client.get(`/api/notifications/${newest!.id}/actors`)).status).toBe(404);
      expect((await author.client.post('/api/notifications/..%2F/read')).status).toBe(404);
      expect((await author.client.get('/api/notifications?cursor=nonsense!')).status).toBe(400);
      expect((await api.server.client().get('/api/notifications')).status).toBe(401);
      expect((await api.server.client().get('/api/notifications/unread-count')).status).toBe(401);
      expect((await api.server.client().post('/api/notifications/read-all')).status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('pages with a cursor, latest activity first, and hides what is about a deleted story', async () => {
    const author = await signUp(api.server, { name: 'Prolific' });
    await withoutBadgeNotices(author.client);
    const [reader] = await readers(1);
    const count = NOTIFICATION_LIST_PAGE_SIZE + 3;
    const stories: Story[] = [];
    for (let n = 0; n < count; n++) stories.push(await postStory(author.client, { public: true, title: `Story ${n}` }));
    for (const story of stories) await react(reader!, story.id);
    const first = await listPage(author.client);
    expect(first.notifications).toHaveLength(NOTIFICATION_LIST_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listPage(author.client, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const subjects = [...first.notifications, ...second.notifications].map((n) => n.subject);
    expect(subjects).toEqual(stories.map((s) => s.title).reverse());
    expect(first.unread).toBe(count);

    expect((await author.client.delete(`/api/stories/${stories[0]!.id}`)).status).toBeLessThan(300);
    const after = await allNotifications(author.client);
    expect(after).toHaveLength(count - 1);
    expect(after.some((n) => n.link === `/story/${stories[0]!.id}`)).toBe(false);
    expect(await unreadCount(author.client)).toBe(count - 1);
  });

  it('lists a big group in full, in join order, a page at a time', async () => {
    const { author, story } = await authorWithStory('Popular');
    const many = await readers(4, 'Many');
    for (const reader of many) await react(reader, story.id);
    const [row] = await ofType(author.client, 'reaction');
    const page = await actorsOf(author.client, row!.id);
    expect(page).toEqual({ actors: many.map((r, n) => ({ uid: r.uid, displayName: `Many ${n + 1}`, profileIcon: expect.any(String), profileImage: null })), nextCursor: null });

    // A crowd joined later (written straight in, a second apart): the list pages through all of them in order.
    const crowd = await insertWriters(api.server, ACTOR_PAGE_SIZE + 5, 'Later');
    const start = Date.now() + 1000;
    await api.server.ctx.db
      .insertInto('notificationActors')
      .values(crowd.map((actorUid, n) => ({ notificationId: row!.id, actorUid, created_at: new Date(start + n * 1000).toISOString() })))
      .execute();
    const first = await actorsOf(author.client, row!.id);
    expect(first.actors).toHaveLength(ACTOR_PAGE_SIZE);
    const second = await actorsOf(author.client, row!.id, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect([...first.actors, ...second.actors].map((a) => a.uid)).toEqual([...many.map((r) => r.uid), ...crowd]);
    const [grown] = await ofType(author.client, 'reaction');
    expect(grown!.actorCount).toBe(many.length + crowd.length);
    expect(grown!.actors.map((a) => a.uid)).toEqual(many.slice(0, 3).map((r) => r.uid));
  });
});
