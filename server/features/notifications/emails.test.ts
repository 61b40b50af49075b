import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, EMAIL_DELAY_MS, EMAIL_INTERVAL_MS, notificationPrefsSchema, type NotificationPrefs } from '@common/notifications/notifications';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../../test/server';
import { newId } from '../../shared/ids';
import { postStory } from '../stories/test-support';
import { respond, submitRequest } from '../feature-requests/test-support';
import { deliverDueEmails } from './emails';
import { listPage, withoutBadgeNotices } from './test-support';

describe.each(testDialects())('notification emails and preferences on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { commenter: { name: 'Cy Commenter' } } });

  /** A verified writer with a public story, and Cy's comment on it; answers when its email falls due. */
  async function commentedAuthor(text = 'What a lovely ending, it stayed with me all day long') {
    const author = await signUpVerified(api.server, { name: 'Ada Author' });
    await withoutBadgeNotices(author.client);
    const story = await postStory(author.client, { public: true, title: 'Lighthouse' });
    return { author, story, dueAt: await comment(author, story.id, text) };
  }

  /** Cy comments; the due time (ms) of the email it scheduled for the author. */
  async function comment(author: SignedUp, storyId: string, text = 'Another thought') {
    const res = await api.commenter.client.post(`/api/stories/${storyId}/comments`, { text });
    expect(res.status).toBe(201);
    const rows = await api.server.ctx.db.selectFrom('pendingEmails').select('dueAt').where('uid', '=', author.uid).orderBy('dueAt', 'desc').execute();
    expect(rows.length).toBeGreaterThan(0);
    return Date.parse(rows[0]!.dueAt);
  }

  const commentMail = (to: string, timeoutMs?: number) => api.server.mail.waitFor({ to, subject: /commented on/ }, timeoutMs);
  async function expectNoCommentMail(to: string) {
    await expect(commentMail(to, 400)).rejects.toThrow();
  }

  async function prefsOf(client: SignedUp['client']): Promise<NotificationPrefs> {
    const res = await client.get('/api/me/notification-prefs');
    expect(res.status).toBe(200);
    return notificationPrefsSchema.parse(res.body);
  }

  it('emails a comment two minutes later when still unread and the writer is away, with a one-click unsubscribe', async () => {
    const { author, story, dueAt } = await commentedAuthor();
    const [created] = (await listPage(author.client)).notifications;
    expect(dueAt).toBe(Date.parse(created!.created_at) + EMAIL_DELAY_MS);

    await deliverDueEmails(api.server.ctx, dueAt - 1000);
    await expectNoCommentMail(author.email);

    await deliverDueEmails(api.server.ctx, dueAt + 1000);
    const mail = await commentMail(author.email);
    expect(mail.subject).toBe('Cy Commenter commented on "Lighthouse"');
    expect(mail.text).toContain('"What a lovely ending, it stayed with me all day long"');
    expect(mail.links).toContain(`${api.server.config.publicUrl}/story/${story.id}`);
    expect(mail.text).not.toContain(api.commenter.email);
    const page = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/unsubscribe');
    expect(page?.searchParams.get('token')).toMatch(/^[A-Za-z0-9_.-]+$/);
    const oneClick = `${api.server.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(page!.searchParams.get('token')!)}`;
    expect(mail.headers['list-unsubscribe']).toBe(`<${oneClick}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Claimed: a later pass sends nothing again.
    expect(await api.server.ctx.db.selectFrom('pendingEmails').select('id').where('uid', '=', author.uid).execute()).toEqual([]);
    await deliverDueEmails(api.server.ctx, dueAt + 2000);
    await expectNoCommentMail(author.email);
  });

  it('sends nothing when the notification was read, the writer is online, or their email preference is off', async () => {
    const read = await commentedAuthor();
    expect((await read.author.client.post('/api/notifications/read-all')).status).toBe(200);

    const online = await commentedAuthor();
    await api.server.ctx.db
      .insertInto('liveStreams')
      .values({ id: newId(), instanceId: 'elsewhere', uid: online.author.uid, watching: null, until: new Date(online.dueAt + 60_000).toISOString() })
      .execute();

    const off = await commentedAuthor();
    expect((await off.author.client.patch('/api/me/notification-prefs', { email: { comment: false } })).status).toBe(200);

    await deliverDueEmails(api.server.ctx, Math.max(read.dueAt, online.dueAt, off.dueAt) + 1000);
    for (const { author } of [read, online, off]) await expectNoCommentMail(author.email);
    await api.server.ctx.db.deleteFrom('liveStreams').where('uid', '=', online.author.uid).execute();
  });

  it('sends at most one email of a type per writer in fifteen minutes, and one only however many instances try', async () => {
    const { author, story, dueAt } = await commentedAuthor();
    // Two instances on one database tick at once: the row is claimed once.
    await Promise.all([deliverDueEmails(api.server.ctx, dueAt + 1000), deliverDueEmails(api.server.ctx, dueAt + 1000)]);
    await commentMail(author.email);

    const second = await comment(author, story.id, 'Second comment');
    await deliverDueEmails(api.server.ctx, second + 1000);
    await expectNoCommentMail(author.email);

    const third = await comment(author, story.id, 'Third comment');
    await deliverDueEmails(api.server.ctx, Math.max(third, dueAt + 1000 + EMAIL_INTERVAL_MS) + 1000);
    expect((await commentMail(author.email)).text).toContain('Third comment');
    expect(api.server.mail.messages.filter((m) => m.to.includes(author.email.toLowerCase()) && /commented on/.test(m.subject))).toHaveLength(2);
  });

  it('emails an unread message of a conversation the writer is away from', async () => {
    const owner = await signUpVerified(api.server, { email: ADMIN_EMAIL, name: 'Owner' });
    const requester = await signUpVerified(api.server, { name: 'Suggester' });
    const request = await submitRequest(requester.client, 'Please add a night mode');
    await respond(owner.client, request.id, 'Thanks, we will look at it.');
    const thread = await api.server.ctx.db.selectFrom('conversations').select('id').where('featureRequestId', '=', request.id).executeTakeFirstOrThrow();
    const now = Date.now();
    const pending = (uid: string) => ({ id: newId(), uid, type: 'message', ref: thread.id, dueAt: new Date(now).toISOString() });
    await api.server.ctx.db.insertInto('pendingEmails').values(pending(requester.uid)).execute();
    await deliverDueEmails(api.server.ctx, now + 1000);
    const mail = await api.server.mail.waitFor({ to: requester.email, subject: 'Owner sent you a message' });
    expect(mail.links).toContain(`${api.server.config.publicUrl}/messages?c=${thread.id}`);
    expect(mail.text).not.toContain('Thanks, we will look at it.');

    // Once the conversation is read, nothing goes out.
    await api.server.ctx.db.updateTable('conversationParticipants').set({ unread: 0 }).where('conversationId', '=', thread.id).where('uid', '=', requester.uid).execute();
    await api.server.ctx.db.insertInto('pendingEmails').values(pending(requester.uid)).execute();
    await deliverDueEmails(api.server.ctx, now + EMAIL_INTERVAL_MS + 60_000);
    await expect(api.server.mail.waitFor({ to: requester.email, subject: 'Owner sent you a message' }, 400)).rejects.toThrow();
  });

  it('the unsubscribe link works without signing in, turns that email off, and refuses tampered tokens', async () => {
    const { author, dueAt } = await commentedAuthor();
    await deliverDueEmails(api.server.ctx, dueAt + 1000);
    const mail = await commentMail(author.email);
    const token = new URL(mail.links.find((l) => new URL(l).pathname === '/unsubscribe')!).searchParams.get('token')!;
    const guest = api.server.client();

    const [payload, signature] = token.split('.');
    const flipped = `${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const bad of [flipped, `${payload}.`, `${payload}x.${signature}`, 'not-a-token-at-all', `${token}.extra`]) {
      const res = await guest.post<{ error: { message: string } }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await guest.post('/api/notifications/unsubscribe')).status).toBe(400);
    expect((await guest.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&extra=1`)).status).toBe(400);
    expect((await prefsOf(author.client)).email.comment).toBe(true);

    // The unsubscribe page posts the token in the query string too: one way for both callers.
    const res = await guest.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'comment' });
    expect((await prefsOf(author.client)).email).toEqual({ ...DEFAULT_NOTIFICATION_PREFS.email, comment: false });

    // A mail client's one-click POST (RFC 8058): the token in the query string, a form body; using it again changes nothing.
    const oneClick = await guest.raw('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ type: 'comment' });
    expect((await prefsOf(author.client)).email.comment).toBe(false);
  });

  it('reads and changes preferences, refusing anything unknown', async () => {
    const writer = await signUp(api.server);
    expect(await prefsOf(writer.client)).toEqual(DEFAULT_NOTIFICATION_PREFS);
    expect(DEFAULT_NOTIFICATION_PREFS.email).toEqual({ comment: true, message: true, feature_request_response: false, streak_reminder: false });
    // The streak reminder is the one notification a writer opts into.
    expect(DEFAULT_NOTIFICATION_PREFS.types.streak_reminder.on).toBe(false);
    expect(DEFAULT_NOTIFICATION_PREFS.types.badge.on).toBe(true);

    const changed = await writer.client.patch('/api/me/notification-prefs', { types: { reaction: { on: false }, follow: { from: 'following' } }, email: { message: false } });
    expect(changed.status).toBe(200);
    const expected = structuredClone(DEFAULT_NOTIFICATION_PREFS);
    expected.types.reaction.on = false;
    expected.types.follow.from = 'following';
    expected.email.message = false;
    expect(changed.body).toEqual(expected);
    expect(await prefsOf(writer.client)).toEqual(expected);

    for (const bad of [
      { sound: true },
      { types: { bogus: { on: true } } },
      { types: { comment: { on: 'yes' } } },
      { types: { comment: { from: 'nobody' } } },
      { types: { comment: { on: true, extra: 1 } } },
      { email: { follow: true } },
      { email: { comment: 'off' } },
      [],
    ]) {
      expect((await writer.client.patch('/api/me/notification-prefs', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const garbled = await writer.client.raw('PATCH', '/api/me/notification-prefs', { body: '{"types":', headers: { 'content-type': 'application/json' } });
    expect(garbled.status).toBe(400);
    expect(await prefsOf(writer.client)).toEqual(expected);
    expect((await api.server.client().get('/api/me/notification-prefs')).status).toBe(401);
    expect((await api.server.client().patch('/api/me/notification-prefs', {})).status).toBe(401);
  });
});
