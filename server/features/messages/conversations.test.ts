import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  conversationListResponseSchema,
  conversationResponseSchema,
  messagePageSchema,
  messageResponseSchema,
  unreadCountResponseSchema,
  type ConversationListResponse,
} from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import type { ErrorBody } from '../stories/test-support';
import { countRows, makeAdmin, storedThread } from '../feature-requests/test-support';
import { startThread, unreadCount } from './test-support';

const MISSING = 'Conversation not found';

describe.each(testDialects())('conversations on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true, name: 'Owner Admin' } } });

  const thread = (requestText?: string, answer?: string) => startThread(api.server, api.admin, requestText, answer);

  async function list(client: TestClient, cursor?: string | null): Promise<ConversationListResponse> {
    const res = await client.get(`/api/conversations${cursor ? `?cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return conversationListResponseSchema.parse(res.body);
  }

  it('refuses guests on every route', async () => {
    const { conversationId } = await thread();
    const guest = api.server.client();
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/unread-count'],
      ['GET', `/api/conversations/${conversationId}`],
      ['GET', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/read`],
    ] as const) {
      const res = await guest.send<ErrorBody>(method, path, method === 'POST' ? { text: 'hi' } : undefined);
      expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'unauthenticated']);
    }
  });

  it('lists the requester’s thread with its title, the admin as member (no email), unread, and the unread count', async () => {
    const long = `Please let me export every story I have written as one EPUB file with a cover`;
    const { writer, conversationId, request } = await thread(long, 'We will look into it.');
    const mine = await list(writer.client);
    expect(mine.conversations).toHaveLength(1);
    const [summary] = mine.conversations;
    expect(summary).toEqual({
      id: conversationId,
      type: 'feature_request',
      featureRequestId: request.id,
      title: `Feature request: ${long.slice(0, 60).trimEnd()}…`,
      members: [{ uid: api.admin.uid, displayName: 'Owner Admin', profileIcon: 'User', profileImage: null }],
      lastMessage: 'We will look into it.',
      lastMessageAt: expect.any(String),
      unread: true,
      created_at: expect.any(String),
      state: 'inbox',
      typingIndicator: false,
      permissions: { reply: true, accept: false },
    });
    expect(JSON.stringify(mine)).not.toContain(ADMIN_EMAIL);
    expect(await unreadCount(writer.client)).toBe(1);

    const adminView = (await list(api.admin.client)).conversations.find((c) => c.id === conversationId)!;
    expect(adminView).toMatchObject({ unread: false, members: [{ uid: writer.uid, displayName: 'Ada Lovelace' }] });
    expect(JSON.stringify(adminView)).not.toContain(writer.email);

    const stranger = await signUp(api.server);
    expect(await list(stranger.client)).toEqual({ conversations: [], nextCursor: null });
    expect(await unreadCount(stranger.client)).toBe(0);
  });

  it('shows the thread oldest first without marking it read; POST read does, once, and tells the reader’s other tabs', async () => {
    const { writer, conversationId, request } = await thread('Word count goal per story', 'Noted, thanks.');
    const res = await writer.client.get(`/api/conversations/${conversationId}`);
    expect(res.status).toBe(200);
    const body = conversationResponseSchema.parse(res.body);
    expect(body.nextCursor).toBeNull();
    expect(body.messages.map((m) => [m.fromType, m.text, m.isFeatureRequest, m.mine, m.read])).toEqual([
      ['user', 'Word count goal per story', true, true, false],
      ['admin', 'Noted, thanks.', false, false, false],
    ]);
    expect(body.messages[0]!.created_at).toBe(request.created_at);
    expect(body.conversation.unread).toBe(true);
    expect(await unreadCount(writer.client)).toBe(1);

    const stream = await openEventStream(writer.client);
    try {
      const read = await writer.client.post(`/api/conversations/${conversationId}/read`);
      expect(read.status).toBe(200);
      expect(unreadCountResponseSchema.parse(read.body)).toEqual({ unread: 0 });
      expect(JSON.parse((await stream.next('conversation.changed')).data)).toEqual({ conversationId });
    } finally {
      stream.close();
    }
    const after = conversationResponseSchema.parse((await writer.client.get(`/api/conversations/${conversationId}`)).body);
    expect(after.conversation.unread).toBe(false);
    // Messages from others are read now; the requester's own are not theirs to mark.
    expect(after.messages.map((m) => m.read)).toEqual([false, true]);
    // The requester has read the admin's answer, and the admin list says so.
    const stored = await storedThread(api.server.ctx.db, request.id);
    expect(stored.responses.map((r) => [r.fromType, r.read])).toEqual([['admin', 1]]);

    const events = await countRows(api.server.ctx.db, 'liveEvents');
    expect((await writer.client.post(`/api/conversations/${conversationId}/read`)).status).toBe(200);
    expect(await countRows(api.server.ctx.db, 'liveEvents')).toBe(events);
  });

  it('hides a conversation from anyone outside it (404, as for an unknown id), but lets any admin read and answer', async () => {
    const { writer, conversationId, request } = await thread('Hidden thread');
    const stranger = await signUp(api.server);
    const before = await storedThread(api.server.ctx.db, request.id);
    for (const id of [conversationId, 'noSuchConversation00', 'bad-id!']) {
      for (const [method, path] of [
        ['GET', `/api/conversations/${id}`],
        ['GET', `/api/conversations/${id}/messages`],
        ['POST', `/api/conversations/${id}/messages`],
        ['POST', `/api/conversations/${id}/read`],
      ] as const) {
        const res = await stranger.client.send<ErrorBody>(method, path, method === 'POST' ? { text: 'Let me in' } : undefined);
        expect([path, res.status, res.body.error]).toEqual([path, 404, { code: 'not_found', message: MISSING }]);
      }
    }
    expect(await storedThread(api.server.ctx.db, request.id)).toEqual(before);

    // An admin who has not taken part may read it, and by answering joins it.
    const second = await makeAdmin(api.server, await signUp(api.server, { name: 'Second Admin' }));
    expect((await list(second.client)).conversations).toEqual([]);
    const seen = conversationResponseSchema.parse((await second.client.get(`/api/conversations/${conversationId}`)).body);
    expect(seen.conversation).toMatchObject({ unread: false, permissions: { reply: true } });
    expect(seen.conversation.members.map((m) => m.uid).sort()).toEqual([api.admin.uid, writer.uid].sort());
    const posted = await second.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Joining in' });
    expect(posted.status).toBe(201);
    expect(messageResponseSchema.parse(posted.body).message).toMatchObject({ fromType: 'admin', mine: true, text: 'Joining in' });
    expect((await list(second.client)).conversations.map((c) => c.id)).toEqual([conversationId]);
  });

  it('pages messages newest page first, each page oldest first, older pages by cursor', async () => {
    const { writer, conversationId } = await thread('Long thread');
    const last = await api.server.ctx.db.selectFrom('conversations').select('lastMessageAt').where('id', '=', conversationId).executeTakeFirstOrThrow();
    const start = Date.parse(last.lastMessageAt!);
    const extra = Array.from({ length: MESSAGE_PAGE_SIZE + 7 }, (_, i) => ({
      id: `paged${String(i).padStart(4, '0')}${conversationId.slice(0, 6)}`,
      conversationId,
      from: i % 2 ? api.admin.uid : writer.uid,
      fromType: i % 2 ? 'admin' : 'user',
      text: `Message ${i}`,
      created_at: new Date(start + (i + 1) * 1000).toISOString(),
      read: 0 as const,
      isFeatureRequest: 0 as const,
    }));
    await api.server.ctx.db.insertInto('conversationMessages').values(extra).execute();
    const all = await api.server.ctx.db.selectFrom('conversationMessages').select('id').where('conversationId', '=', conversationId).orderBy('created_at').orderBy('id').execute();

    const first = conversationResponseSchema.parse((await writer.client.get(`/api/conversations/${conversationId}`)).body);
    expect(first.messages.map((m) => m.id)).toEqual(all.slice(-MESSAGE_PAGE_SIZE).map((m) => m.id));
    expect(first.nextCursor).not.toBeNull();
    const older = messagePageSchema.parse((await writer.client.get(`/api/conversations/${conversationId}/messages?cursor=${first.nextCursor}`)).body);
    expect(older.messages.map((m) => m.id)).toEqual(all.slice(0, all.length - MESSAGE_PAGE_SIZE).map((m) => m.id));
    expect(older.nextCursor).toBeNull();
    const newest = messagePageSchema.parse((await writer.client.get(`/api/conversations/${conversationId}/messages`)).body);
    expect(newest.messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));

    for (const cursor of ['bm9wZQ', 'eyJrIjoiY29udmVyc2F0aW9ucyIsInQiOiIyMDIwIiwiaSI6ImEifQ', '!!']) {
      expect((await writer.client.get(`/api/conversations/${conversationId}/messages?cursor=${cursor}`)).status).toBe(400);
    }
  });

  it('pages the list by latest activity, newest first', async () => {
    const person = await signUp(api.server);
    const base = Date.parse('2021-06-01T00:00:00.000Z');
    const rows = Array.from({ length: CONVERSATION_PAGE_SIZE + 4 }, (_, i) => ({
      id: `listed${String(i).padStart(4, '0')}${person.uid.slice(0, 8).replace(/[^A-Za-z0-9]/g, '')}`,
      type: 'feature_request',
      featureRequestId: null,
      lastMessage: `Last ${i}`,
      // Two share a time: the id breaks the tie.
      lastMessageAt: new Date(base + Math.min(i, CONVERSATION_PAGE_SIZE) * 60_000).toISOString(),
      created_at: new Date(base).toISOString(),
    }));
    await api.server.ctx.db.insertInto('conversations').values(rows).execute();
    await api.server.ctx.db
      .insertInto('conversationParticipants')
      .values(rows.map((r) => ({ conversationId: r.id, uid: person.uid, unread: 0 as const })))
      .execute();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: ConversationListResponse = await list(person.client, cursor);
      seen.push(...next.conversations.map((c) => c.id));
      cursor = next.nextCursor;
    } while (cursor);
    const expected = [...rows].sort((a, b) => (a.lastMessageAt === b.lastMessageAt ? b.id.localeCompare(a.id) : b.lastMessageAt.localeCompare(a.lastMessageAt)));
    expect(seen).toEqual(expected.map((r) => r.id));
    expect((await list(person.client)).conversations[0]).toMatchObject({ title: 'Feature request', members: [] });
    expect((await person.client.get('/api/conversations?cursor=bm9wZQ')).status).toBe(400);
  });

});
