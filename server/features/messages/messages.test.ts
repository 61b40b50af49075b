import { describe, expect, it } from 'vitest';
import { conversationResponseSchema, messageResponseSchema } from '@common/messages/messages';
import { adminFeatureRequestPageSchema } from '@common/feature-requests/feature-requests';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { limitKey } from '../../http/rate-limit';
import { LIMITS } from '../../http/limits';
import type { ErrorBody } from '../stories/test-support';
import { makeAdmin, respond, storedThread } from '../feature-requests/test-support';
import { startThread, unreadCount } from './test-support';

/** POST /api/conversations/:id/messages in a feature request's thread, from either side. */
describe.each(testDialects())('messages in a feature request thread on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true, name: 'Owner Admin' } } });

  const thread = (requestText?: string, answer?: string) => startThread(api.server, api.admin, requestText, answer);

  it('stores the requester’s reply as a message and a user response, unread for every admin in it, live on both sides', async () => {
    const { writer, conversationId, request } = await thread('Reply to me', 'What do you need?');
    const second = await makeAdmin(api.server, await signUp(api.server));
    await respond(second.client, request.id, 'Also curious');
    await writer.client.post(`/api/conversations/${conversationId}/read`);
    const before = (await storedThread(api.server.ctx.db, request.id)).request!;

    const writerStream = await openEventStream(writer.client);
    const adminStream = await openEventStream(api.admin.client);
    let message;
    try {
      const res = await writer.client.post(`/api/conversations/${conversationId}/messages`, { text: '  Tags on the community page  ' });
      expect(res.status).toBe(201);
      message = messageResponseSchema.parse(res.body).message;
      expect(JSON.parse((await writerStream.next('conversation.changed')).data)).toEqual({ conversationId });
      expect(JSON.parse((await adminStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
      expect(JSON.parse((await adminStream.next('conversation.changed')).data)).toEqual({ conversationId });
    } finally {
      writerStream.close();
      adminStream.close();
    }
    expect(message).toMatchObject({ conversationId, from: writer.uid, fromType: 'user', text: 'Tags on the community page', mine: true, isFeatureRequest: false, read: false });

    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.responses.at(-1)).toMatchObject({ from: writer.uid, fromType: 'user', text: 'Tags on the community page', read: 0, created_at: message.created_at });
    expect(stored.request).toMatchObject({ lastActivity: message.created_at, status: 'responded' });
    expect(stored.request!.lastActivity > before.lastActivity).toBe(true);
    expect(stored.conversations[0]).toMatchObject({ lastMessage: 'Tags on the community page', lastMessageAt: message.created_at });
    expect(stored.participants.map((p) => [p.uid, p.unread]).sort()).toEqual([[api.admin.uid, 1], [second.uid, 1], [writer.uid, 0]].sort());
    expect(await unreadCount(api.admin.client)).toBeGreaterThanOrEqual(1);

    const adminList = adminFeatureRequestPageSchema.parse((await api.admin.client.get('/api/admin/feature-requests')).body);
    const listed = adminList.featureRequests.find((r) => r.id === request.id)!;
    expect(listed.hasUnreadUserReply).toBe(true);
    expect(listed.responses.at(-1)).toMatchObject({ fromType: 'user', text: 'Tags on the community page' });

    // An admin reading the thread in /messages has read the reply: the admin list stops marking it.
    expect((await api.admin.client.post(`/api/conversations/${conversationId}/read`)).status).toBe(200);
    const relisted = adminFeatureRequestPageSchema.parse((await api.admin.client.get('/api/admin/feature-requests')).body);
    expect(relisted.featureRequests.find((r) => r.id === request.id)?.hasUnreadUserReply).toBe(false);
  });

  it('treats an admin’s message in the thread as a response: status responded, unread for the requester, logged', async () => {
    const { writer, conversationId, request } = await thread();
    await writer.client.post(`/api/conversations/${conversationId}/read`);
    await api.admin.client.patch(`/api/admin/feature-requests/${request.id}/status`, { status: 'in-progress' });
    const res = await api.admin.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Started on it' });
    expect(res.status).toBe(201);
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request).toMatchObject({ status: 'responded', hasAdminResponse: 1 });
    expect(stored.responses.map((r) => [r.fromType, r.text])).toEqual([
      ['admin', 'Good idea!'],
      ['admin', 'Started on it'],
    ]);
    expect(stored.participants.find((p) => p.uid === writer.uid)?.unread).toBe(1);
    const logs = await api.server.ctx.db.selectFrom('adminLogs').select('action').where('target', '=', `featureRequests/${request.id}`).orderBy('timestamp').orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['admin_feature_request', 'feature_request_status', 'admin_feature_request']);
  });

  it('refuses empty, long and malformed messages with 400 and stores nothing', async () => {
    const { writer, conversationId, request } = await thread();
    const cases: Array<[unknown, string | null]> = [
      [{ text: '  ' }, 'text: Please write a message.'],
      [{}, 'text: Please write a message.'],
      [{ text: ['a'] }, 'text: Please write a message.'],
      [{ text: 'y'.repeat(2001) }, 'text: Please keep your message under 2000 characters.'],
      [{ text: 'nul\u0000' }, 'text: Your message contains characters that are not allowed.'],
      [{ text: 'ok', fromType: 'admin' }, null],
    ];
    for (const [body, message] of cases) {
      const res = await writer.client.post<ErrorBody>(`/api/conversations/${conversationId}/messages`, body);
      expect(res.status).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const notJson = await writer.client.raw('POST', `/api/conversations/${conversationId}/messages`, { body: 'text=hi', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.messages).toHaveLength(2);
    expect(stored.responses).toHaveLength(1);
  });

  it('answers 429 once the message limit is used up, storing nothing', async () => {
    const { writer, conversationId, request } = await thread();
    const key = limitKey('messages', { uid: writer.uid });
    const max = LIMITS.messages.max;
    await api.server.ctx.db.insertInto('rateLimits').values({ key, count: max, resetAt: Date.now() + 60_000 }).execute();
    try {
      const res = await writer.client.post<ErrorBody>(`/api/conversations/${conversationId}/messages`, { text: 'One too many' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      // Reading and marking read are not messages.
      expect((await writer.client.post(`/api/conversations/${conversationId}/read`)).status).toBe(200);
    } finally {
      await api.server.ctx.db.deleteFrom('rateLimits').where('key', '=', key).execute();
    }
    expect((await storedThread(api.server.ctx.db, request.id)).messages).toHaveLength(2);
  });

  it('keeps the thread exact under a burst of replies, answers and read marks from both sides at once', async () => {
    const { writer, conversationId, request } = await thread('Busy thread', 'First');
    const second = await makeAdmin(api.server, await signUp(api.server));
    const calls: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < 6; i++) calls.push(writer.client.post(`/api/conversations/${conversationId}/messages`, { text: `User ${i}` }));
    for (let i = 0; i < 6; i++) calls.push(api.admin.client.post(`/api/admin/feature-requests/${request.id}/responses`, { text: `Admin ${i}` }));
    for (let i = 0; i < 4; i++) calls.push(second.client.post(`/api/conversations/${conversationId}/messages`, { text: `Second ${i}` }));
    for (let i = 0; i < 3; i++) {
      calls.push(writer.client.post(`/api/conversations/${conversationId}/read`));
      calls.push(api.admin.client.post(`/api/admin/feature-requests/${request.id}/read`));
    }
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);

    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.conversations).toHaveLength(1);
    expect(stored.messages).toHaveLength(2 + 6 + 6 + 4);
    expect(stored.responses).toHaveLength(1 + 6 + 6 + 4);
    // Every message but the request itself is one response, at the same time.
    expect(stored.responses.map((r) => [r.from, r.text, r.created_at])).toEqual(stored.messages.slice(1).map((m) => [m.from, m.text, m.created_at]));
    const times = stored.messages.map((m) => m.created_at);
    expect(new Set(times).size).toBe(times.length);
    expect(stored.conversations[0]).toMatchObject({ lastMessageAt: times.at(-1), lastMessage: stored.messages.at(-1)!.text });
    expect(stored.request?.lastActivity).toBe(times.at(-1));
    expect(stored.participants.map((p) => p.uid).sort()).toEqual([api.admin.uid, second.uid, writer.uid].sort());
  });

  it('offers only "delete for me" in a request’s thread: its messages are also the request’s responses', async () => {
    const { writer, conversationId, request } = await thread('Hide me', 'An answer');
    const opened = conversationResponseSchema.parse((await writer.client.get(`/api/conversations/${conversationId}`)).body);
    const answer = opened.messages.find((m) => m.text === 'An answer')!;
    expect(answer.permissions).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    const own = opened.messages.find((m) => m.isFeatureRequest)!;
    expect(own.permissions).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    expect((await writer.client.patch(`/api/conversations/${conversationId}/messages/${own.id}`, { text: 'Changed' })).status).toBe(403);
    expect((await writer.client.delete(`/api/conversations/${conversationId}/messages/${own.id}?for=everyone`)).status).toBe(403);

    expect((await writer.client.delete(`/api/conversations/${conversationId}/messages/${answer.id}?for=me`)).status).toBe(200);
    const mine = conversationResponseSchema.parse((await writer.client.get(`/api/conversations/${conversationId}`)).body);
    expect(mine.messages.map((m) => m.id)).toEqual([own.id]);
    const admins = conversationResponseSchema.parse((await api.admin.client.get(`/api/conversations/${conversationId}`)).body);
    expect(admins.messages.map((m) => m.id)).toEqual([own.id, answer.id]);
    expect((await storedThread(api.server.ctx.db, request.id)).responses.map((r) => r.text)).toEqual(['An answer']);
  });
});
