import { describe, expect, it } from 'vitest';
import { adminFeatureRequestResponseSchema, myFeatureRequestsResponseSchema } from '@common/feature-requests/feature-requests';
import { testDialects } from '../../test/databases';
import { failWritesTo } from '../../test/failing-writes';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { adminLogsOf, adminPage, countRows, makeAdmin, respond, storedThread, submitRequest } from './test-support';

const BASE = '/api/admin/feature-requests';

/** POST /api/admin/feature-requests/:id/responses and /read: the response transaction and the thread it keeps. */
describe.each(testDialects())('feature request responses on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true, name: 'Owner Admin' } } });

  const page = (query = '') => adminPage(api.admin.client, query);
  const adminLogs = (id: string) => adminLogsOf(api.server.ctx.db, id);

  it('sends a response in one transaction: response, status, thread with the request first, unread for the requester, admin log, events', async () => {
    const writer = await signUp(api.server, { name: 'Ada Lovelace' });
    const request = await submitRequest(writer.client, 'Dark mode for the editor, please');
    const adminStream = await openEventStream(api.admin.client);
    const writerStream = await openEventStream(writer.client);
    let answered;
    try {
      answered = await respond(api.admin.client, request.id, '  Coming next week!  ');
      const conversationId = answered.conversationId;
      expect(conversationId).not.toBeNull();
      expect(JSON.parse((await writerStream.next('conversation.changed')).data)).toEqual({ conversationId });
      expect(JSON.parse((await writerStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
      expect(JSON.parse((await adminStream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
      expect(JSON.parse((await adminStream.next('conversation.changed')).data)).toEqual({ conversationId });
    } finally {
      adminStream.close();
      writerStream.close();
    }
    expect(answered).toMatchObject({ status: 'responded', hasAdminResponse: true, responseCount: 1, hasUnreadUserReply: false });
    expect(answered.responses).toEqual([{ id: expect.any(String), from: api.admin.uid, fromType: 'admin', text: 'Coming next week!', created_at: expect.any(String), read: false }]);
    expect(answered.lastActivity).toBe(answered.responses[0]!.created_at);

    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request).toMatchObject({ status: 'responded', hasAdminResponse: 1, lastActivity: answered.lastActivity });
    expect(stored.conversations).toEqual([
      expect.objectContaining({ id: answered.conversationId, type: 'feature_request', lastMessage: 'Coming next week!', lastMessageAt: answered.lastActivity }),
    ]);
    expect(stored.messages.map((m) => [m.from, m.fromType, m.text, m.isFeatureRequest, m.read])).toEqual([
      [writer.uid, 'user', 'Dark mode for the editor, please', 1, 0],
      [api.admin.uid, 'admin', 'Coming next week!', 0, 0],
    ]);
    // The request opens the thread as of when it was written.
    expect(stored.messages[0]!.created_at).toBe(request.created_at);
    expect(stored.participants.map((p) => [p.uid, p.unread]).sort()).toEqual([[api.admin.uid, 0], [writer.uid, 1]].sort());

    const logs = await adminLogs(request.id);
    expect(logs.map((l) => l.action)).toEqual(['admin_feature_request']);
    expect(JSON.parse(logs[0]!.details!)).toEqual({
      responseId: answered.responses[0]!.id,
      conversationId: answered.conversationId,
      conversationCreated: true,
      from: 'new',
      to: 'responded',
      text: '[redacted: 17 chars]',
    });
  });

  it('keeps one thread per request: later answers reuse it, and a second admin joins it', async () => {
    const writer = await signUp(api.server);
    const second = await makeAdmin(api.server, await signUp(api.server, { name: 'Second Admin' }));
    const request = await submitRequest(writer.client, 'One thread please');
    const a = await respond(api.admin.client, request.id, 'First answer');
    await writer.client.post(`/api/conversations/${a.conversationId}/read`);
    const b = await respond(second.client, request.id, 'Second answer');
    expect(b.conversationId).toBe(a.conversationId);
    expect(b.responses.map((r) => [r.from, r.text])).toEqual([
      [api.admin.uid, 'First answer'],
      [second.uid, 'Second answer'],
    ]);
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.conversations).toHaveLength(1);
    expect(stored.messages.map((m) => m.text)).toEqual(['One thread please', 'First answer', 'Second answer']);
    expect(stored.participants.map((p) => [p.uid, p.unread]).sort()).toEqual([[api.admin.uid, 0], [second.uid, 0], [writer.uid, 1]].sort());
    expect(JSON.parse((await adminLogs(request.id)).at(-1)!.details!)).toMatchObject({ conversationCreated: false, from: 'responded' });
  });

  it('refuses empty, long or malformed responses (400) and unknown requests (404), writing nothing', async () => {
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client);
    const logs = await countRows(api.server.ctx.db, 'adminLogs');
    const cases: Array<[unknown, string | null]> = [
      [{ text: '   ' }, 'text: Please write a response.'],
      [{}, 'text: Please write a response.'],
      [{ text: 42 }, 'text: Please write a response.'],
      [{ text: 'x'.repeat(2001) }, 'text: Please keep your response under 2000 characters.'],
      [{ text: 'bad\u0000byte' }, 'text: Your response contains characters that are not allowed.'],
      [{ text: 'ok', from: 'someone' }, null],
    ];
    for (const [body, message] of cases) {
      const res = await api.admin.client.post<ErrorBody>(`${BASE}/${request.id}/responses`, body);
      expect(res.status).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const missing = await api.admin.client.post<ErrorBody>(`${BASE}/00000000-0000-0000-0000-000000000000/responses`, { text: 'Hello?' });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Feature request not found']);
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.responses).toEqual([]);
    expect(stored.conversations).toEqual([]);
    expect(stored.request).toMatchObject({ status: 'new', hasAdminResponse: 0 });
    expect(await countRows(api.server.ctx.db, 'adminLogs')).toBe(logs);
  });

  it('rolls the whole response back when its last write fails', async () => {
    const writer = await signUp(api.server);
    const request = await submitRequest(writer.client, 'All or nothing');
    const before = await Promise.all((['liveEvents', 'conversations', 'conversationMessages', 'featureRequestResponses'] as const).map((t) => countRows(api.server.ctx.db, t)));
    // The admin log row is written after the response, the status, the thread and its messages.
    await failWritesTo(api.server.ctx.db, dialect, 'adminLogs', true);
    try {
      const res = await api.admin.client.post(`${BASE}/${request.id}/responses`, { text: 'This must vanish' });
      expect(res.status).toBe(500);
    } finally {
      await failWritesTo(api.server.ctx.db, dialect, 'adminLogs', false);
    }
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.request).toMatchObject({ status: 'new', hasAdminResponse: 0, lastActivity: request.lastActivity });
    expect(stored.responses).toEqual([]);
    expect(stored.conversations).toEqual([]);
    const after = await Promise.all((['liveEvents', 'conversations', 'conversationMessages', 'featureRequestResponses'] as const).map((t) => countRows(api.server.ctx.db, t)));
    expect(after).toEqual(before);

    // And it works once the table is back: the thread is made then, once.
    const answered = await respond(api.admin.client, request.id, 'Now it works');
    expect((await storedThread(api.server.ctx.db, request.id)).messages.map((m) => m.text)).toEqual(['All or nothing', 'Now it works']);
    expect(answered.responseCount).toBe(1);
  });

  it('makes exactly one thread under a burst of parallel responses from two admins, with exact counters', async () => {
    const writer = await signUp(api.server);
    const second = await makeAdmin(api.server, await signUp(api.server));
    const request = await submitRequest(writer.client, 'Burst');
    const texts = Array.from({ length: 10 }, (_, i) => `Parallel answer ${i}`);
    const results = await Promise.all(texts.map((text, i) => (i % 2 ? second : api.admin).client.post(`${BASE}/${request.id}/responses`, { text })));
    expect(results.map((r) => r.status)).toEqual(texts.map(() => 201));

    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.conversations).toHaveLength(1);
    const [conversation] = stored.conversations;
    expect(stored.messages).toHaveLength(11);
    expect(stored.messages[0]).toMatchObject({ text: 'Burst', isFeatureRequest: 1, from: writer.uid });
    expect(stored.messages.slice(1).map((m) => m.text).sort()).toEqual([...texts].sort());
    expect(stored.messages.filter((m) => m.isFeatureRequest === 1)).toHaveLength(1);
    // Strictly increasing times: the thread reads in the order the answers were stored.
    const times = stored.messages.map((m) => m.created_at);
    expect(new Set(times).size).toBe(times.length);
    expect(conversation!.lastMessageAt).toBe(times.at(-1));
    expect(conversation!.lastMessage).toBe(stored.messages.at(-1)!.text);
    expect(stored.responses).toHaveLength(10);
    expect(stored.responses.map((r) => r.created_at)).toEqual(times.slice(1));
    expect(stored.participants.map((p) => [p.uid, p.unread]).sort()).toEqual([[api.admin.uid, 0], [second.uid, 0], [writer.uid, 1]].sort());
    expect(stored.request).toMatchObject({ status: 'responded', hasAdminResponse: 1, lastActivity: times.at(-1) });
    expect(await adminLogs(request.id)).toHaveLength(10);

    const listed = (await page()).featureRequests.find((r) => r.id === request.id)!;
    expect(listed).toMatchObject({ responseCount: 10, conversationId: conversation!.id });
    expect(listed.responses.map((r) => r.created_at)).toEqual(times.slice(1));
    const mine = myFeatureRequestsResponseSchema.parse((await writer.client.get('/api/feature-requests/mine')).body);
    expect(mine.featureRequests[0]).toMatchObject({ id: request.id, responseCount: 10, conversationId: conversation!.id });
  });

  it('marks the requester’s unread replies, and marks them read for every admin', async () => {
    const writer = await signUp(api.server);
    const second = await makeAdmin(api.server, await signUp(api.server));
    const request = await submitRequest(writer.client, 'Mark me');
    const answered = await respond(api.admin.client, request.id, 'What exactly?');
    const reply = await writer.client.post(`/api/conversations/${answered.conversationId}/messages`, { text: 'Like this' });
    expect(reply.status).toBe(201);

    const listed = (await page()).featureRequests.find((r) => r.id === request.id)!;
    expect(listed.hasUnreadUserReply).toBe(true);
    expect(listed.responses.map((r) => [r.fromType, r.text, r.read])).toEqual([
      ['admin', 'What exactly?', false],
      ['user', 'Like this', false],
    ]);
    expect(listed.lastActivity).toBe(listed.responses[1]!.created_at);

    const stream = await openEventStream(second.client);
    try {
      const res = await second.client.post(`${BASE}/${request.id}/read`);
      expect(res.status).toBe(200);
      const { featureRequest } = adminFeatureRequestResponseSchema.parse(res.body);
      expect(featureRequest.hasUnreadUserReply).toBe(false);
      expect(featureRequest.responses.find((r) => r.fromType === 'user')?.read).toBe(true);
      expect(JSON.parse((await stream.next('featureRequest.changed')).data)).toEqual({ featureRequestId: request.id });
    } finally {
      stream.close();
    }
    // The first admin's list agrees; the thread's unread flag of the admin who read it is cleared.
    expect((await page()).featureRequests.find((r) => r.id === request.id)?.hasUnreadUserReply).toBe(false);
    const { participants } = await storedThread(api.server.ctx.db, request.id);
    expect(participants.find((p) => p.uid === api.admin.uid)?.unread).toBe(1);

    const events = await countRows(api.server.ctx.db, 'liveEvents');
    expect((await second.client.post(`${BASE}/${request.id}/read`)).status).toBe(200);
    expect(await countRows(api.server.ctx.db, 'liveEvents')).toBe(events);
    expect((await api.admin.client.post(`${BASE}/00000000-0000-0000-0000-000000000000/read`)).status).toBe(404);
  });
});

