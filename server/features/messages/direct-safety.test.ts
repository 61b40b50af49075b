import { describe, expect, it } from 'vitest';
import { DUPLICATE_RECIPIENTS_MAX, MESSAGE_TEXTS, NEW_CONVERSATIONS_PER_DAY, conversationMessageSchema } from '@common/messages/messages';
import { LIMITS } from '../../http/limits';
import { limitKey } from '../../http/rate-limit';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, startTestServer, startTestServerOn, type SignedUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { ageAccount, befriend, canMessage, follow, setMessaging, started, startWith, veteran } from './test-support';

/** The anti-spam rules of direct messages, each exact under a burst of parallel requests. */
describe.each(testDialects())('direct message safety on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  const openRecipients = async (n: number): Promise<SignedUp[]> => {
    const people: SignedUp[] = [];
    for (let i = 0; i < n; i++) {
      const person = await veteran(api.server, `Reader ${i}`);
      await setMessaging(person, { whoCanMessage: 'everyone' });
      people.push(person);
    }
    return people;
  };
  const storedMessages = (from: string) => api.server.ctx.db.selectFrom('conversationMessages').select('text').where('from', '=', from).execute();

  it('lets exactly 20 of 30 parallel messages through in 30 seconds', async () => {
    const a = await veteran(api.server, 'Ada');
    const b = await veteran(api.server, 'Ben');
    await befriend(a, b);
    const { conversation } = await started(a, b.uid, 'Start');
    await api.server.ctx.db.deleteFrom('rateLimits').where('key', '=', limitKey('messages', { uid: a.uid })).execute();

    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => a.client.post<ErrorBody>(`/api/conversations/${conversation.id}/messages`, { text: `Burst ${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.messages.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMITS.messages.max);
    expect(await storedMessages(a.uid)).toHaveLength(1 + LIMITS.messages.max);
    const stored = await api.server.ctx.db.selectFrom('conversations').select(['lastMessageAt']).where('id', '=', conversation.id).executeTakeFirstOrThrow();
    const times = (await api.server.ctx.db.selectFrom('conversationMessages').select('created_at').where('conversationId', '=', conversation.id).execute()).map((m) => m.created_at);
    expect(new Set(times).size).toBe(times.length);
    expect(stored.lastMessageAt).toBe([...times].sort().at(-1));
  });

  it('starts exactly 10 of 12 parallel new conversations in a day', async () => {
    const sender = await veteran(api.server, 'Sam');
    const recipients = await openRecipients(12);
    const results = await Promise.all(recipients.map((r, i) => startWith(sender, r.uid, `Hello number ${i}`)));
    const refused = results.filter((r) => r.status !== 201);
    expect(results.filter((r) => r.status === 201)).toHaveLength(NEW_CONVERSATIONS_PER_DAY);
    expect(refused.map((r) => [r.status, (r.body as ErrorBody).error.message])).toEqual(Array(12 - NEW_CONVERSATIONS_PER_DAY).fill([429, MESSAGE_TEXTS.tooManyNew]));
    const rows = await api.server.ctx.db.selectFrom('conversations').select('id').where('createdBy', '=', sender.uid).execute();
    expect(rows).toHaveLength(NEW_CONVERSATIONS_PER_DAY);

    // A day later the cap has room again.
    await api.server.ctx.db.updateTable('conversations').set({ created_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() }).where('createdBy', '=', sender.uid).execute();
    const late = recipients.find((r) => !results[recipients.indexOf(r)]!.started)!;
    expect((await startWith(sender, late.uid, 'Tomorrow, then')).status).toBe(201);
  });

  it('refuses the same text to more than 3 people within 10 minutes, exactly, in parallel', async () => {
    const sender = await veteran(api.server, 'Spammy');
    const recipients = await openRecipients(5);
    // Friends, so each conversation is accepted and the sender may write again.
    for (const r of recipients) await befriend(sender, r);
    const results = await Promise.all(recipients.map((r, i) => startWith(sender, r.uid, i % 2 ? 'Read my story!' : '  READ MY STORY!  ')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(DUPLICATE_RECIPIENTS_MAX);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, (r.body as ErrorBody).error.message])).toEqual(
      Array(5 - DUPLICATE_RECIPIENTS_MAX).fill([429, MESSAGE_TEXTS.sameText]),
    );
    expect(await storedMessages(sender.uid)).toHaveLength(DUPLICATE_RECIPIENTS_MAX);

    // The same person again is a conversation, not a broadcast; another text is fine.
    const first = results.findIndex((r) => r.status === 201);
    const refusedAt = results.findIndex((r) => r.status !== 201);
    expect((await startWith(sender, recipients[first]!.uid, 'read my story!')).status).toBe(201);
    expect((await startWith(sender, recipients[refusedAt]!.uid, 'Something else')).status).toBe(201);
    // Ten minutes on, the text may go out again.
    await api.server.ctx.db.updateTable('conversationMessages').set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('from', '=', sender.uid).execute();
    const other = results.findIndex((r, i) => r.status !== 201 && i !== refusedAt);
    expect((await startWith(sender, recipients[other]!.uid, 'Read my story!')).status).toBe(201);
  });

  it('gives two writers who start at the same moment one conversation with every message in it', async () => {
    const a = await veteran(api.server, 'Ada');
    const b = await veteran(api.server, 'Ben');
    await befriend(a, b);
    const results = await Promise.all([0, 1, 2].flatMap((i) => [startWith(a, b.uid, `From Ada ${i}`), startWith(b, a.uid, `From Ben ${i}`)]));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(results.map((r) => r.started!.conversation.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await api.server.ctx.db.selectFrom('conversations').select(['id', 'createdBy', 'status']).where('pairKey', '=', [a.uid, b.uid].sort().join(':')).execute();
    expect(rows).toEqual([{ id, createdBy: expect.any(String), status: 'accepted' }]);
    expect(await api.server.ctx.db.selectFrom('conversationMessages').select('id').where('conversationId', '=', id!).execute()).toHaveLength(6);
  });

  it('lets an account younger than 24 hours reply but not start', async () => {
    const young = await signUp(api.server, { name: 'New Nell' });
    const old = await veteran(api.server, 'Old Olga');
    await setMessaging(old, { whoCanMessage: 'everyone' });
    expect(await canMessage(young, old.uid)).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.newAccount, conversationId: null, asRequest: false });
    const refused = await startWith(young, old.uid, 'Hi');
    expect([refused.status, (refused.body as ErrorBody).error.message]).toEqual([403, MESSAGE_TEXTS.newAccount]);

    await befriend(young, old);
    const { conversation } = await started(old, young.uid, 'Welcome!');
    expect(await canMessage(young, old.uid)).toEqual({ canMessage: true, reason: null, conversationId: conversation.id, asRequest: false });
    expect((await young.client.post(`/api/conversations/${conversation.id}/messages`, { text: 'Thank you' })).status).toBe(201);
    expect((await startWith(young, old.uid, 'And hello again')).status).toBe(201);

    const stranger = await veteran(api.server, 'Other');
    await setMessaging(stranger, { whoCanMessage: 'everyone' });
    expect((await startWith(young, stranger.uid, 'New one')).status).toBe(403);
    await ageAccount(api.server, young.uid, 25 * 60 * 60_000);
    expect((await startWith(young, stranger.uid, 'New one')).status).toBe(201);
  });
  it('lets two new accounts who follow each other start a conversation at once, while a new account still waits for a non-friend', async () => {
    const nell = await signUp(api.server, { name: 'New Nell' });
    const nora = await signUp(api.server, { name: 'New Nora' });
    const olga = await veteran(api.server, 'Old Olga');
    await setMessaging(olga, { whoCanMessage: 'everyone' });
    await befriend(nell, nora);
    // Following one way is not enough: both must have chosen each other.
    await follow(nell, olga.uid);

    expect(await canMessage(nell, nora.uid)).toEqual({ canMessage: true, reason: null, conversationId: null, asRequest: false });
    const { conversation } = await started(nell, nora.uid, 'We made it!');
    expect(conversation.state).toBe('inbox');
    expect((await nora.client.post(`/api/conversations/${conversation.id}/messages`, { text: 'Welcome too' })).status).toBe(201);

    expect(await canMessage(nell, olga.uid)).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.newAccount, conversationId: null, asRequest: false });
    const refused = await startWith(nell, olga.uid, 'Hi Olga');
    expect([refused.status, (refused.body as ErrorBody).error.message]).toEqual([403, MESSAGE_TEXTS.newAccount]);
    expect(await api.server.ctx.db.selectFrom('conversations').select('id').where('createdBy', '=', nell.uid).execute()).toHaveLength(1);
  });
});

describe.runIf(testDialects().includes('postgres'))('direct messages across two server instances on PostgreSQL', () => {
  it('delivers a message sent through one instance to the recipient’s stream on the other', async () => {
    const one = await startTestServer('postgres', { SIGNUP_RATE_LIMIT: '1000' });
    const two = await startTestServerOn(one.database, { SIGNUP_RATE_LIMIT: '1000' }, one.database.reopen());
    try {
      const ada = await signUp(one, { name: 'Ada' });
      const ben = await signUp(one, { name: 'Ben' });
      await ageAccount(one, ada.uid, 48 * 60 * 60_000);
      await befriend(ada, ben);
      const benOnTwo = two.client();
      expect((await benOnTwo.post('/api/auth/sign-in/email', { email: ben.email, password: ben.password })).status).toBe(200);
      const stream = await openEventStream(benOnTwo);
      expect(stream.status).toBe(200);
      try {
        const { conversation } = await started(ada, ben.uid, 'Across instances');
        const event = JSON.parse((await stream.next('message.created')).data) as { conversationId: string; message: unknown };
        expect(event.conversationId).toBe(conversation.id);
        expect(conversationMessageSchema.parse(event.message)).toMatchObject({ text: 'Across instances', from: ada.uid, mine: false });
      } finally {
        stream.close();
      }
    } finally {
      await two.close();
      await one.stop();
    }
  });
});
