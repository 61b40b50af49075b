import { describe, expect, it } from 'vitest';
import { MESSAGE_CHANGE_WINDOW_MS, MESSAGE_TEXTS, conversationMessageSchema, messagePageSchema, messageResponseSchema } from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { type SignedUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { befriend, block, listFolder, openConversation, setMessaging, started, startWith, unreadCount, veteran } from './test-support';

/** Direct messages between two writers: requests, read state, edits and deletions, typing, live delivery. */
describe.each(testDialects())('direct messages on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  /** Two friends with a conversation `a` started. */
  async function friends(text = 'Hello friend') {
    const a = await veteran(api.server, 'Ada');
    const b = await veteran(api.server, 'Ben');
    await befriend(a, b);
    const start = await started(a, b.uid, text);
    return { a, b, id: start.conversation.id, first: start.message };
  }

  /** A writer open to everyone receives a request from a stranger. */
  async function request(text = 'Hi, loved your story') {
    const sender = await veteran(api.server, 'Sam');
    const recipient = await veteran(api.server, 'Rae');
    await setMessaging(recipient, { whoCanMessage: 'everyone' });
    const start = await started(sender, recipient.uid, text);
    return { sender, recipient, id: start.conversation.id, start };
  }

  const send = (who: SignedUp, id: string, text: string) => who.client.post<ErrorBody>(`/api/conversations/${id}/messages`, { text });
  const notificationsOf = (uid: string) => api.server.ctx.db.selectFrom('notifications').select(['type', 'link']).where('to', '=', uid).execute();
  const pendingEmailsOf = (uid: string) => api.server.ctx.db.selectFrom('pendingEmails').select(['type', 'ref']).where('uid', '=', uid).execute();

  describe('message requests', () => {
    it('arrives under Requests without raising the badge or an email, notifies once, and lets the sender send only one message', async () => {
      const { sender, recipient, id, start } = await request();
      expect(start.conversation).toMatchObject({ state: 'pending', permissions: { reply: false, accept: false } });

      expect(await listFolder(recipient)).toEqual([]);
      const [req] = await listFolder(recipient, 'requests');
      expect(req).toMatchObject({ id, state: 'request', title: 'Sam', lastMessage: 'Hi, loved your story', permissions: { reply: true, accept: true } });
      expect(await unreadCount(recipient.client)).toBe(0);
      expect(await notificationsOf(recipient.uid)).toEqual([{ type: 'message_request', link: `/messages?c=${id}` }]);
      expect(await pendingEmailsOf(recipient.uid)).toEqual([]);

      // The sender sees it in their inbox as pending, and waits.
      expect((await listFolder(sender)).map((c) => [c.id, c.state])).toEqual([[id, 'pending']]);
      expect(await listFolder(sender, 'requests')).toEqual([]);
      const again = await send(sender, id, 'Did you see this?');
      expect([again.status, again.body.error.message]).toEqual([403, MESSAGE_TEXTS.requestPending]);
      const viaStart = await startWith(sender, recipient.uid, 'Hello?');
      expect([viaStart.status, (viaStart.body as ErrorBody).error.message]).toEqual([403, MESSAGE_TEXTS.requestPending]);
      expect((await openConversation(recipient, id)).messages).toHaveLength(1);
    });

    it('accept moves it to the inbox: its message now counts as unread, and the notification is withdrawn', async () => {
      const { sender, recipient, id } = await request();
      expect((await sender.client.post(`/api/conversations/${id}/accept`)).status).toBe(403);
      const res = await recipient.client.post<{ conversation: { state: string } }>(`/api/conversations/${id}/accept`);
      expect(res.status).toBe(200);
      expect(res.body.conversation).toMatchObject({ state: 'inbox', permissions: { reply: true, accept: false } });
      expect((await listFolder(recipient)).map((c) => c.id)).toEqual([id]);
      expect(await listFolder(recipient, 'requests')).toEqual([]);
      expect(await unreadCount(recipient.client)).toBe(1);
      expect(await notificationsOf(recipient.uid)).toEqual([]);
      expect((await listFolder(sender))[0]!.state).toBe('inbox');
      expect((await send(sender, id, 'Thanks!')).status).toBe(201);
      expect((await recipient.client.post(`/api/conversations/${id}/accept`)).status).toBe(403);
    });

    it('decline hides it from the recipient and the sender is not told: same view, same refusal, no event', async () => {
      const { sender, recipient, id } = await request();
      const before = await openConversation(sender, id);
      const senderEvents = () => api.server.ctx.db.selectFrom('liveEvents').select('id').where('topic', 'like', `%${sender.uid}%`).execute();
      const eventsBefore = (await senderEvents()).length;

      const res = await recipient.client.post(`/api/conversations/${id}/decline`);
      expect([res.status, res.body]).toEqual([200, { ok: true }]);
      expect(await listFolder(recipient)).toEqual([]);
      expect(await listFolder(recipient, 'requests')).toEqual([]);
      expect(await unreadCount(recipient.client)).toBe(0);
      expect(await notificationsOf(recipient.uid)).toEqual([]);

      expect(await openConversation(sender, id)).toEqual(before);
      expect((await senderEvents()).length).toBe(eventsBefore);
      const again = await send(sender, id, 'Hello?');
      expect([again.status, again.body.error.message]).toEqual([403, MESSAGE_TEXTS.requestPending]);
      // Declining again changes nothing; the sender can still not accept their own.
      expect((await recipient.client.post(`/api/conversations/${id}/decline`)).status).toBe(200);
      expect((await sender.client.post(`/api/conversations/${id}/decline`)).status).toBe(403);
      expect(await openConversation(sender, id)).toEqual(before);
    });

    it('replying to a request accepts it', async () => {
      const { sender, recipient, id } = await request();
      const res = await send(recipient, id, 'Hello back');
      expect(res.status).toBe(201);
      expect((await listFolder(recipient)).map((c) => [c.id, c.state])).toEqual([[id, 'inbox']]);
      expect((await listFolder(sender)).map((c) => [c.id, c.state])).toEqual([[id, 'inbox']]);
      expect(await notificationsOf(recipient.uid)).toEqual([]);
      // The request itself was never emailed; once accepted, messages are.
      expect(await pendingEmailsOf(recipient.uid)).toEqual([]);
      expect(await pendingEmailsOf(sender.uid)).toEqual([{ type: 'message', ref: id }]);
      expect((await send(sender, id, 'Great')).status).toBe(201);
      expect(await pendingEmailsOf(recipient.uid)).toEqual([{ type: 'message', ref: id }]);
    });
  });

  describe('read state', () => {
    it('counts unread inbox conversations, clears them on read, and shows Seen only with receipts on for both', async () => {
      const { a, b, id, first } = await friends();
      expect(await unreadCount(b.client)).toBe(1);
      expect(await unreadCount(a.client)).toBe(0);
      expect(await pendingEmailsOf(b.uid)).toEqual([{ type: 'message', ref: id }]);
      expect((await listFolder(b))[0]).toMatchObject({ id, unread: true, title: 'Ada', state: 'inbox', typingIndicator: true });

      const aStream = await openEventStream(a.client);
      try {
        const read = await b.client.post(`/api/conversations/${id}/read`);
        expect([read.status, read.body]).toEqual([200, { unread: 0 }]);
        // The sender's open thread hears of it, to show "Seen".
        expect(JSON.parse((await aStream.next('conversation.changed')).data)).toEqual({ conversationId: id });
      } finally {
        aStream.close();
      }
      expect((await openConversation(a, id)).messages.map((m) => [m.id, m.seen])).toEqual([[first.id, true]]);
      // The reader's own view of the other's message never says seen.
      expect((await openConversation(b, id)).messages[0]).toMatchObject({ mine: false, seen: false, read: true });

      await setMessaging(b, { readReceipts: false });
      expect((await openConversation(a, id)).messages[0]!.seen).toBe(false);
      await setMessaging(b, { readReceipts: true });
      await setMessaging(a, { readReceipts: false });
      expect((await openConversation(a, id)).messages[0]!.seen).toBe(false);
      await setMessaging(a, { readReceipts: true });
      expect((await openConversation(a, id)).messages[0]!.seen).toBe(true);

      // A new message is not seen until read again.
      expect((await send(a, id, 'Second')).status).toBe(201);
      expect((await openConversation(a, id)).messages.map((m) => m.seen)).toEqual([true, false]);
      expect(await unreadCount(b.client)).toBe(1);
    });

    it('a request read by its recipient is never Seen by the sender', async () => {
      const { sender, recipient, id } = await request();
      expect((await recipient.client.post(`/api/conversations/${id}/read`)).status).toBe(200);
      expect((await openConversation(sender, id)).messages[0]!.seen).toBe(false);
    });

    it('hides a conversation with a block either way from both lists and badges; reading and sending answer 404', async () => {
      for (const blocker of ['a', 'b'] as const) {
        const { a, b, id } = await friends();
        await block(blocker === 'a' ? a : b, blocker === 'a' ? b.uid : a.uid);
        for (const who of [a, b]) {
          expect(await listFolder(who)).toEqual([]);
          expect(await unreadCount(who.client)).toBe(0);
          for (const path of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`]) {
            const res = await who.client.get<ErrorBody>(path);
            expect([res.status, res.body.error.message]).toEqual([404, 'Conversation not found']);
          }
          const sent = await send(who, id, 'Anyone?');
          expect([sent.status, sent.body.error.message]).toEqual([404, 'Conversation not found']);
          expect((await who.client.post(`/api/conversations/${id}/read`)).status).toBe(404);
        }
      }
    });
  });

  describe('editing and deleting', () => {
    const age = (messageId: string, ms: number) =>
      api.server.ctx.db.updateTable('conversationMessages').set({ created_at: new Date(Date.now() - ms).toISOString() }).where('id', '=', messageId).execute();

    it('edits one’s own message within 10 minutes, marked edited, with the list preview following', async () => {
      const { a, b, id, first } = await friends('Helo');
      expect(first.permissions).toEqual({ edit: true, deleteForEveryone: true, deleteForMe: true });
      const res = await a.client.patch(`/api/conversations/${id}/messages/${first.id}`, { text: 'Hello' });
      expect(res.status).toBe(200);
      const edited = messageResponseSchema.parse(res.body).message;
      expect(edited).toMatchObject({ id: first.id, text: 'Hello', deleted: false });
      expect(edited.editedAt).not.toBeNull();
      expect((await openConversation(b, id)).messages[0]).toMatchObject({ text: 'Hello', editedAt: edited.editedAt, permissions: { edit: false, deleteForEveryone: false, deleteForMe: true } });
      expect((await listFolder(b))[0]!.lastMessage).toBe('Hello');

      const notMine = await b.client.patch<ErrorBody>(`/api/conversations/${id}/messages/${first.id}`, { text: 'Hijack' });
      expect(notMine.status).toBe(403);
      const empty = await a.client.patch<ErrorBody>(`/api/conversations/${id}/messages/${first.id}`, { text: '  ' });
      expect(empty.status).toBe(400);
      const missing = await a.client.patch<ErrorBody>(`/api/conversations/${id}/messages/nope123`, { text: 'x' });
      expect([missing.status, missing.body.error.message]).toEqual([404, 'Message not found']);

      await age(first.id, MESSAGE_CHANGE_WINDOW_MS + 60_000);
      const late = await a.client.patch<ErrorBody>(`/api/conversations/${id}/messages/${first.id}`, { text: 'Too late' });
      expect([late.status, late.body.error.message]).toEqual([403, MESSAGE_TEXTS.editWindow]);
      expect((await openConversation(a, id)).messages[0]).toMatchObject({ text: 'Hello', permissions: { edit: false, deleteForEveryone: false, deleteForMe: true } });
    });

    it('deletes for everyone within 10 minutes ("Message deleted" for both), and for me any time', async () => {
      const { a, b, id, first } = await friends('Oops');
      const res = await a.client.delete(`/api/conversations/${id}/messages/${first.id}?for=everyone`);
      expect(res.status).toBe(200);
      expect(messageResponseSchema.parse(res.body).message).toMatchObject({ deleted: true, text: '' });
      for (const who of [a, b]) expect((await openConversation(who, id)).messages[0]).toMatchObject({ id: first.id, deleted: true, text: '' });
      expect((await listFolder(b))[0]!.lastMessage).toBe(MESSAGE_TEXTS.deleted);
      expect(JSON.stringify(await openConversation(b, id))).not.toContain('Oops');

      const second = messageResponseSchema.parse((await send(a, id, 'Keep this')).body).message;
      await age(second.id, MESSAGE_CHANGE_WINDOW_MS + 60_000);
      const late = await a.client.delete<ErrorBody>(`/api/conversations/${id}/messages/${second.id}?for=everyone`);
      expect([late.status, late.body.error.message]).toEqual([403, MESSAGE_TEXTS.deleteWindow]);
      expect((await b.client.delete(`/api/conversations/${id}/messages/${second.id}?for=everyone`)).status).toBe(403);
      expect((await a.client.delete(`/api/conversations/${id}/messages/${second.id}`)).status).toBe(400);

      // For me: b hides a's old message; only b's pages leave it out.
      expect((await b.client.delete(`/api/conversations/${id}/messages/${second.id}?for=me`)).status).toBe(200);
      expect((await b.client.delete(`/api/conversations/${id}/messages/${second.id}?for=me`)).status).toBe(200);
      expect((await openConversation(b, id)).messages.map((m) => m.id)).toEqual([first.id]);
      const page = messagePageSchema.parse((await b.client.get(`/api/conversations/${id}/messages`)).body);
      expect(page.messages.map((m) => m.id)).toEqual([first.id]);
      // (second is now the older of the two: it was moved 11 minutes back.)
      expect((await openConversation(a, id)).messages.map((m) => m.id)).toEqual([second.id, first.id]);

      const stranger = await veteran(api.server);
      const outsider = await stranger.client.delete<ErrorBody>(`/api/conversations/${id}/messages/${second.id}?for=me`);
      expect([outsider.status, outsider.body.error.message]).toEqual([404, 'Conversation not found']);
    });
  });

  describe('live', () => {
    it('delivers message.created to the recipient’s stream (and the sender’s, as mine), then conversation.changed', async () => {
      const { a, b, id } = await friends();
      const bStream = await openEventStream(b.client);
      const aStream = await openEventStream(a.client);
      try {
        const res = await send(a, id, 'Live one');
        expect(res.status).toBe(201);
        const toB = JSON.parse((await bStream.next('message.created')).data) as { conversationId: string; message: unknown };
        expect(toB.conversationId).toBe(id);
        expect(conversationMessageSchema.parse(toB.message)).toMatchObject({ text: 'Live one', from: a.uid, mine: false, permissions: { edit: false } });
        expect(JSON.parse((await bStream.next('conversation.changed')).data)).toEqual({ conversationId: id });
        const toA = JSON.parse((await aStream.next('message.created')).data) as { message: unknown };
        expect(conversationMessageSchema.parse(toA.message)).toMatchObject({ text: 'Live one', mine: true, permissions: { edit: true } });
      } finally {
        bStream.close();
        aStream.close();
      }
    });

    it('sends typing to the other writer only when both have the indicator on, and never for a request', async () => {
      const { a, b, id } = await friends();
      const bStream = await openEventStream(b.client);
      try {
        expect((await a.client.post(`/api/conversations/${id}/typing`)).status).toBe(204);
        expect(JSON.parse((await bStream.next('conversation.typing')).data)).toEqual({ conversationId: id, uid: a.uid });

        for (const off of [a, b]) {
          await setMessaging(off, { typingIndicator: false });
          expect((await openConversation(a, id)).conversation.typingIndicator).toBe(false);
          expect((await a.client.post(`/api/conversations/${id}/typing`)).status).toBe(204);
          // A message after it: when it arrives, a typing event would have arrived before it.
          await send(a, id, `After typing with ${off === a ? 'a' : 'b'} off`);
          await bStream.next('message.created');
          expect(bStream.received.filter((m) => m.event === 'conversation.typing')).toEqual([]);
          await setMessaging(off, { typingIndicator: true });
        }
      } finally {
        bStream.close();
      }

      const { sender, recipient, id: requestId } = await request();
      const rStream = await openEventStream(recipient.client);
      try {
        expect((await sender.client.post(`/api/conversations/${requestId}/typing`)).status).toBe(204);
        await recipient.client.post(`/api/conversations/${requestId}/read`);
        await rStream.next('conversation.changed');
        expect(rStream.received.filter((m) => m.event === 'conversation.typing')).toEqual([]);
      } finally {
        rStream.close();
      }
      const stranger = await veteran(api.server);
      expect((await stranger.client.post(`/api/conversations/${id}/typing`)).status).toBe(404);
    });
  });

  it('keeps messaging settings per writer, validated', async () => {
    const who = await veteran(api.server);
    expect((await who.client.get('/api/me/messaging-settings')).body).toEqual({ whoCanMessage: 'friends', readReceipts: true, typingIndicator: true });
    expect(await setMessaging(who, { whoCanMessage: 'nobody', typingIndicator: false })).toEqual({ whoCanMessage: 'nobody', readReceipts: true, typingIndicator: false });
    expect((await who.client.patch('/api/me/messaging-settings', { whoCanMessage: 'aliens' })).status).toBe(400);
    expect((await who.client.patch('/api/me/messaging-settings', {})).status).toBe(400);
    expect((await who.client.patch('/api/me/messaging-settings', { extra: 1 })).status).toBe(400);
    expect((await api.server.client().get('/api/me/messaging-settings')).status).toBe(401);
  });
});
