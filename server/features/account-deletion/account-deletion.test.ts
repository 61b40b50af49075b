import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUR_DATA_TEXTS, deletionStateSchema, type DeletionState } from '@common/your-data/your-data';
import { GRACE_DAYS } from '@common/moderation/moderation';
import { meResponseSchema } from '@common/me/user';
import { commentPageSchema } from '@common/stories/story';
import { conversationResponseSchema } from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { TestClient } from '../../test/client';
import { ADMIN_EMAIL, signUp, signUpVerified, startTestServer, startTestServerOn, type SignedUp, type TestServer } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { befriend, follow, started } from '../messages/test-support';
import { submitRequest } from '../feature-requests/test-support';
import { deleteAccountNow, purgeDueAccounts } from './service';
import { profileImageKey } from '../avatars';
import { sql } from 'kysely';
import { STORY_ROWS, USER_ROWS } from '../../shared/owned-rows';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('deleting my account on %s', (dialect) => {
  let one: TestServer;
  /** PostgreSQL only: a second instance hears sessions.ended by NOTIFY; SQLite serves one instance. */
  let two: TestServer | null = null;
  let admin: SignedUp;

  beforeAll(async () => {
    one = await startTestServer(dialect);
    // A second instance on the same database, caching sessions for a long while: only the
    // sessions.ended event can make it forget one at once.
    if (dialect === 'postgres') two = await startTestServerOn(one.database, { SESSION_CACHE_MS: '60000' }, one.database.reopen());
    admin = await signUpVerified(one, { email: ADMIN_EMAIL, name: 'Owner' });
  });
  afterAll(async () => {
    await two?.close();
    await two?.mail.stop();
    await one.stop();
  });

  /** A client for `server` holding the same cookies as `client`: the same session, elsewhere. */
  const sameSessionOn = (server: TestServer, client: TestClient) => {
    const cookie = client.cookieHeader;
    return async (path: string) => (await new TestClient(server.url).raw('GET', path, { headers: { cookie } })).status;
  };

  async function signIn(server: TestServer, who: SignedUp): Promise<TestClient> {
    const client = server.client();
    const res = await client.post('/api/auth/sign-in/email', { email: who.email, password: who.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return client;
  }

  async function requestDeletion(client: TestClient, email: string) {
    const res = await client.post<{ deletion: DeletionState }>('/api/account/deletion', { email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return deletionStateSchema.parse(res.body.deletion);
  }

  const userRow = (uid: string) => one.ctx.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  it('deactivates at once: every session ends (on both instances), profile and stories are gone, only allowlisted routes answer', async () => {
    const ada = await signUp(one, { name: 'Ada' });
    const story = await postStory(ada.client, { public: true });
    const reader = await signUp(one);
    const other = await signIn(one, ada);
    const onTwo = two && sameSessionOn(two, other);
    if (onTwo) expect(await onTwo('/api/me')).toBe(200);

    const wrong = await ada.client.post<ErrorBody>('/api/account/deletion', { email: 'someone@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(YOUR_DATA_TEXTS.deleteEmailMismatch);
    const empty = await ada.client.post<ErrorBody>('/api/account/deletion', { email: '' });
    expect(empty.status).toBe(400);
    expect((await one.client().post('/api/account/deletion', { email: ada.email })).status).toBe(401);

    const before = Date.now();
    const state = await requestDeletion(ada.client, `  ${ada.email.toUpperCase()} `);
    const after = Date.now();
    const deleteAfter = Date.parse(state.deleteAfter);
    expect(deleteAfter - Date.parse(state.deactivatedAt)).toBe(GRACE_DAYS * DAY_MS);
    expect(Date.parse(state.deactivatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(state.deactivatedAt)).toBeLessThanOrEqual(after + 1000);

    // Signed out everywhere at once: this session, another one, and that one on the other instance.
    expect((await ada.client.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    if (onTwo) {
      // Within moments, not the other instance's minute-long cache.
      let status = 200;
      for (let i = 0; i < 40 && status === 200; i++) {
        status = await onTwo('/api/me');
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
    }
    expect(await one.ctx.db.selectFrom('authSessions').select('id').where('userId', '=', ada.uid).execute()).toEqual([]);

    // Hidden from everyone.
    const profile = await reader.client.get<ErrorBody>(`/api/users/${ada.uid}`);
    expect(profile.status).toBe(404);
    expect(profile.body.error.message).toBe('User not found');
    const read = await reader.client.get<ErrorBody>(`/api/stories/${story.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('Story not found');

    // The email confirms it, with the date and a link to the export.
    const mail = await one.mail.waitFor({ to: ada.email, subject: /will be deleted/ });
    expect(mail.links).toContain(`${one.config.publicUrl}/settings#your-data`);
    expect(mail.text).toContain('Cancel deletion');

    // Signing in again works, but only the allowlisted routes answer.
    const back = await signIn(one, ada);
    const me = meResponseSchema.parse((await back.get('/api/me')).body);
    expect(me.user.deactivatedAt).toBe(state.deactivatedAt);
    expect(me.user.deleteAfter).toBe(state.deleteAfter);
    expect((await back.get<{ deletion: DeletionState }>('/api/account/deletion')).body.deletion).toEqual(state);
    const blocked = await back.post<ErrorBody>('/api/stories', { title: 'x', content: 'y', public: true });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(YOUR_DATA_TEXTS.deactivated);

    // Asking again does not push the date back.
    expect(await requestDeletion(await signIn(one, ada), ada.email)).toEqual(state);

    // Cancel: everything is back.
    const again = await signIn(one, ada);
    const cancelled = await again.send('DELETE', '/api/account/deletion');
    expect(cancelled.status).toBe(200);
    const restored = meResponseSchema.parse(cancelled.body).user;
    expect(restored.deactivatedAt).toBeNull();
    expect(restored.deleteAfter).toBeNull();
    expect((await again.get<{ deletion: DeletionState | null }>('/api/account/deletion')).body.deletion).toBeNull();
    expect((await reader.client.get(`/api/users/${ada.uid}`)).status).toBe(200);
    expect((await reader.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await postStory(again, { public: true })).id).toBeTruthy();
    // Cancelling twice changes nothing.
    expect((await again.send('DELETE', '/api/account/deletion')).status).toBe(200);
    expect(await purgeDueAccounts(one.ctx, new Date(Date.now() + (GRACE_DAYS + 1) * DAY_MS))).toBe(0);
    expect((await userRow(ada.uid)).deletedAt).toBeNull();
  });

  it('refuses the only admin; another admin makes it possible', async () => {
    const res = await admin.client.post<ErrorBody>('/api/account/deletion', { email: ADMIN_EMAIL });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(YOUR_DATA_TEXTS.onlyAdmin);
    expect((await userRow(admin.uid)).deactivatedAt).toBeNull();
    expect((await admin.client.get('/api/me')).status).toBe(200);

    const second = await signUp(one);
    await one.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', '=', second.uid).execute();
    await requestDeletion(second.client, second.email);
    // The second admin is on their way out: the owner is the only one staying.
    expect((await admin.client.post('/api/account/deletion', { email: ADMIN_EMAIL })).status).toBe(409);
    // Back to one admin and nobody due, for the tests that purge.
    expect((await (await signIn(one, second)).send('DELETE', '/api/account/deletion')).status).toBe(200);
  });

  it('deletes after the grace period: a tombstone, readable threads, exact counters, the avatar gone, the address free', async () => {
    const ada = await signUp(one, { name: 'Ada Gone' });
    const bob = await signUp(one, { name: 'Bob' });
    const cy = await signUp(one, { name: 'Cy' });
    const adaStory = await postStory(ada.client, { public: true });
    const bobStory = await postStory(bob.client, { public: true });

    // Ada's traces on Bob's story and Bob on hers.
    expect((await ada.client.send('PUT', `/api/stories/${bobStory.id}/reactions/heart`)).status).toBe(200);
    expect((await ada.client.send('PUT', `/api/stories/${bobStory.id}/reactions/fire`)).status).toBe(200);
    expect((await cy.client.send('PUT', `/api/stories/${bobStory.id}/reactions/heart`)).status).toBe(200);
    expect((await ada.client.post(`/api/stories/${bobStory.id}/comments`, { text: 'Lovely words' })).status).toBe(201);
    expect((await cy.client.post(`/api/stories/${bobStory.id}/comments`, { text: 'Agreed' })).status).toBe(201);
    expect((await bob.client.post(`/api/stories/${adaStory.id}/comments`, { text: 'Thanks Ada' })).status).toBe(201);
    expect((await bob.client.send('PUT', `/api/stories/${adaStory.id}/reactions/wow`)).status).toBe(200);
    expect((await bob.client.send('PUT', `/api/favorites/${adaStory.id}`)).status).toBe(200);
    expect((await ada.client.send('PUT', `/api/favorites/${bobStory.id}`)).status).toBe(200);

    // Follows both ways, a friendship with messages, a feature request.
    await befriend(ada, bob);
    await follow(cy, ada.uid);
    await one.ctx.db.updateTable('users').set({ created_at: new Date(Date.now() - 3 * DAY_MS).toISOString() }).where('uid', 'in', [ada.uid, bob.uid]).execute();
    const chat = await started(ada, bob.uid, 'Secret plans');
    const request = await submitRequest(ada.client, 'Please add a dark theme for poems');

    // An earlier version of her story, a challenge, badges (her first story earned one).
    expect((await ada.client.patch(`/api/stories/${adaStory.id}`, { content: 'A second draft of it.' })).status).toBe(200);
    expect((await ada.client.post('/api/me/challenges', { words: 500, days: 7 })).status).toBe(201);

    // An avatar.
    await one.ctx.storage.put(profileImageKey(ada.uid), new Uint8Array([1, 2, 3]), 'image/webp');
    await one.ctx.db.updateTable('users').set({ profileImage: `/api/images/profile/${ada.uid}?v=1`, bio: 'I write', website: 'https://ada.example' }).where('uid', '=', ada.uid).execute();

    for (const table of ['storyVersions', 'userBadges', 'challenges', 'writingDays'] as const) {
      expect(await one.ctx.db.selectFrom(table).select('uid').where('uid', '=', ada.uid).execute(), table).not.toEqual([]);
    }
    await requestDeletion(ada.client, ada.email);

    // 29 days later nothing is deleted; 31 days later it is, once.
    expect(await purgeDueAccounts(one.ctx, new Date(Date.now() + (GRACE_DAYS - 1) * DAY_MS))).toBe(0);
    expect((await userRow(ada.uid)).deletedAt).toBeNull();
    const later = new Date(Date.now() + (GRACE_DAYS + 1) * DAY_MS);
    expect(await purgeDueAccounts(one.ctx, later)).toBe(1);
    expect(await purgeDueAccounts(one.ctx, later)).toBe(0);

    // The tombstone.
    const tomb = await userRow(ada.uid);
    expect(tomb.deletedAt).not.toBeNull();
    expect(tomb).toMatchObject({ displayName: 'Deleted user', email: `deleted-${ada.uid}@invalid`, bio: '', website: '', profileImage: null, first: '', last: '' });
    expect(tomb.name).toBe(`deleted-${ada.uid.slice(0, 8)}`);
    expect(await one.ctx.storage.get(profileImageKey(ada.uid))).toBeNull();
    const db = one.ctx.db;
    expect(await db.selectFrom('stories').select('id').where('uid', '=', ada.uid).execute()).toEqual([]);
    expect(await db.selectFrom('storyComments').select('id').where('storyId', '=', adaStory.id).execute()).toEqual([]);
    expect(await db.selectFrom('userFavorites').select('storyId').where((eb) => eb.or([eb('uid', '=', ada.uid), eb('storyId', '=', adaStory.id)])).execute()).toEqual([]);
    expect(await db.selectFrom('storyReactions').select('storyId').where('uid', '=', ada.uid).execute()).toEqual([]);
    expect(await db.selectFrom('follows').select('followerUid').where((eb) => eb.or([eb('followerUid', '=', ada.uid), eb('followeeUid', '=', ada.uid)])).execute()).toEqual([]);
    expect(await db.selectFrom('authUsers').select('id').where('id', '=', ada.uid).execute()).toEqual([]);
    for (const table of ['storyVersions', 'userBadges', 'challenges', 'writingDays'] as const) {
      expect(await db.selectFrom(table).select('uid').where('uid', '=', ada.uid).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('authAccounts').select('id').where('userId', '=', ada.uid).execute()).toEqual([]);
    // Every row the registry declares for her is gone, but those that stay blanked: her comments,
    // her messages, her suggestions and the tombstone; and nothing of her story is left anywhere.
    const staysBlanked = new Set(['storyComments.uid', 'conversationMessages.from', 'featureRequests.userUid', 'users.uid']);
    for (const column of USER_ROWS.flatMap((rows) => rows.columns).filter((c) => !staysBlanked.has(c))) {
      const [table, name] = column.split('.') as [string, string];
      const left = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(name)} = ${ada.uid}`.execute(db);
      expect(Number(left.rows[0]?.n), column).toBe(0);
    }
    for (const table of STORY_ROWS) {
      expect(await db.selectFrom(table).select('storyId').where('storyId', '=', adaStory.id).execute(), table).toEqual([]);
    }

    // Bob's story: Ada's comment reads "[deleted]"; counts are exact.
    const comments = commentPageSchema.parse((await bob.client.get(`/api/stories/${bobStory.id}/comments`)).body);
    const adas = comments.comments.find((c) => c.uid === ada.uid);
    expect(adas?.text).toBe(YOUR_DATA_TEXTS.deletedComment);
    expect(adas?.authorDisplayName).toBe('Deleted user');
    expect(comments.comments.find((c) => c.uid === cy.uid)?.text).toBe('Agreed');
    const stored = await db.selectFrom('stories').select(['likesCount', 'commentsCount']).where('id', '=', bobStory.id).executeTakeFirstOrThrow();
    expect(Number(stored.likesCount)).toBe(1);
    expect(Number(stored.commentsCount)).toBe(2);
    for (const who of [bob, cy]) {
      const row = await userRow(who.uid);
      const followers = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followeeUid', '=', who.uid).executeTakeFirstOrThrow();
      const following = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followerUid', '=', who.uid).executeTakeFirstOrThrow();
      expect(Number(row.followersCount)).toBe(Number(followers.n));
      expect(Number(row.followingCount)).toBe(Number(following.n));
    }
    expect(Number((await userRow(bob.uid)).followersCount)).toBe(0);
    expect(Number((await userRow(cy.uid)).followingCount)).toBe(0);

    // Bob still has the conversation; Ada's message reads "Message deleted".
    const thread = conversationResponseSchema.parse((await bob.client.get(`/api/conversations/${chat.conversation.id}`)).body);
    const message = thread.messages.find((m) => m.id === chat.message.id);
    expect(message?.text).toBe('');
    expect(message?.deleted).toBe(true);

    // The feature request keeps its text under "Deleted user".
    const fr = await db.selectFrom('featureRequests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(fr).toMatchObject({ text: 'Please add a dark theme for poems', userDisplayName: 'Deleted user', userEmail: '' });

    // One log entry, counts only: none of what she wrote.
    const logs = await db.selectFrom('systemLogs').selectAll().where('type', '=', 'account_deleted').where('resource', '=', `users/${ada.uid}`).execute();
    expect(logs).toHaveLength(1);
    const details = JSON.stringify(logs[0]);
    for (const secret of ['Lovely words', 'Secret plans', 'dark theme', ada.email, 'Ada Gone']) expect(details).not.toContain(secret);
    expect(JSON.parse(logs[0]!.details ?? '{}')).toMatchObject({ stories: 1, commentsBlanked: 1, messagesDeleted: 1 });

    // The address can sign up afresh: a new account.
    const fresh = await signUp(one, { email: ada.email });
    expect(fresh.uid).not.toBe(ada.uid);
    expect((await fresh.client.get('/api/me')).status).toBe(200);
  });

  it('a burst of deletion requests and cancels ends consistent', async () => {
    const ada = await signUp(one);
    await postStory(ada.client, { public: true });
    const sessions = [ada.client, ...(await Promise.all(Array.from({ length: 3 }, () => signIn(one, ada))))];
    const results = await Promise.all(
      sessions.flatMap((client) => [client.post('/api/account/deletion', { email: ada.email }), client.send('DELETE', '/api/account/deletion')]),
    );
    for (const r of results) expect([200, 401]).toContain(r.status);
    const row = await userRow(ada.uid);
    expect(row.deactivatedAt === null).toBe(row.deleteAfter === null);
    const states = await one.ctx.db.selectFrom('stories').select('authorState').where('uid', '=', ada.uid).execute();
    for (const s of states) expect(Number(s.authorState)).toBe(row.deactivatedAt === null ? 0 : 2);
    if (row.deactivatedAt !== null) {
      expect(await one.ctx.db.selectFrom('authSessions').select('id').where('userId', '=', ada.uid).execute()).toEqual([]);
    }

    // Purges racing each other delete it once.
    const back = await signIn(one, ada);
    if (row.deactivatedAt === null) await requestDeletion(back, ada.email);
    const when = new Date(Date.now() + (GRACE_DAYS + 1) * DAY_MS);
    const counts = await Promise.all([purgeDueAccounts(one.ctx, when), purgeDueAccounts(one.ctx, when), purgeDueAccounts((two ?? one).ctx, when)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const logs = await one.ctx.db.selectFrom('systemLogs').select('id').where('type', '=', 'account_deleted').where('resource', '=', `users/${ada.uid}`).execute();
    expect(logs).toHaveLength(1);
  });

  it('an admin deleting an account at once logs it in adminLogs with the reason and counts; twice at once deletes once', async () => {
    const cy = await signUp(one);
    await postStory(cy.client, { public: true });
    const by = { adminUid: admin.uid, reason: 'Spam account' };
    await Promise.all([deleteAccountNow(one.ctx, cy.uid, by), deleteAccountNow(one.ctx, cy.uid, by)]);
    expect((await userRow(cy.uid)).deletedAt).not.toBeNull();
    expect((await cy.client.get('/api/me')).status).toBe(401);
    const logs = await one.ctx.db.selectFrom('adminLogs').selectAll().where('action', '=', 'account_deleted').where('target', '=', `users/${cy.uid}`).execute();
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.user ?? '{}')).toMatchObject({ uid: admin.uid });
    expect(JSON.parse(logs[0]!.details ?? '{}')).toMatchObject({ reason: 'Spam account', stories: 1 });
  });
});
