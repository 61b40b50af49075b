import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, conversationResponseSchema } from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { type SignedUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { befriend, canMessage, setMessaging, started, startWith, veteran } from './test-support';

/**
 * A suspended or deactivated writer (the hidden accounts) isn't accepting messages:
 * can-message says no, no conversation starts, and nothing more goes into one that exists, in
 * the same neutral words as a closed inbox. Also when the sends race the change.
 */
const STANDINGS = ['suspended', 'deactivated'] as const;
type Standing = (typeof STANDINGS)[number];

describe.each(testDialects())('messaging a writer who is away on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { admin: { admin: true, name: 'Owner' } } });

  /** Puts the writer into the standing the way it happens: an admin suspends them, or they ask to delete their account. */
  async function putAway(person: SignedUp, standing: Standing): Promise<number> {
    const res =
      standing === 'suspended'
        ? await api.admin.client.post(`/api/admin/users/${person.uid}/actions`, { action: 'suspend', reason: 'Repeated abuse' })
        : await person.client.post('/api/account/deletion', { email: person.email });
    return res.status;
  }

  const messagesIn = async (conversationId: string) =>
    (await api.server.ctx.db.selectFrom('conversationMessages').select('text').where('conversationId', '=', conversationId).execute()).length;
  const conversationsOf = async (uid: string) =>
    (await api.server.ctx.db.selectFrom('conversationParticipants').select('conversationId').where('uid', '=', uid).execute()).map((r) => r.conversationId);

  /** A recipient open to everyone, with one friend already talking to them. */
  async function recipientWithFriend(name: string) {
    const recipient = await veteran(api.server, name);
    await setMessaging(recipient, { whoCanMessage: 'everyone' });
    const friend = await veteran(api.server, 'Fay Friend');
    await befriend(friend, recipient);
    const { conversation } = await started(friend, recipient.uid, 'Hello, old friend');
    return { recipient, friend, conversationId: conversation.id };
  }

  for (const standing of STANDINGS) {
    it(`refuses can-message, a new conversation and a reply to a ${standing} writer, also in a parallel burst`, async () => {
      const { recipient, friend, conversationId } = await recipientWithFriend('Rita Away');
      const stranger = await veteran(api.server, 'Sam Stranger');
      expect((await canMessage(stranger, recipient.uid)).canMessage).toBe(true);

      expect(await putAway(recipient, standing)).toBe(200);
      const refusal = MESSAGE_TEXTS.notAccepting('Rita Away');

      expect(await canMessage(stranger, recipient.uid)).toEqual({ canMessage: false, reason: refusal, conversationId: null, asRequest: false });
      // The friend's conversation is still theirs to read: can-message points at it, and says no.
      expect(await canMessage(friend, recipient.uid)).toEqual({ canMessage: false, reason: refusal, conversationId, asRequest: false });

      const start = await startWith(stranger, recipient.uid, 'Are you there?');
      expect([start.status, (start.body as ErrorBody).error.message]).toEqual([403, refusal]);
      const again = await startWith(friend, recipient.uid, 'Are you there?');
      expect([again.status, (again.body as ErrorBody).error.message]).toEqual([403, refusal]);
      const reply = await friend.client.post<ErrorBody>(`/api/conversations/${conversationId}/messages`, { text: 'Still there?' });
      expect([reply.status, reply.body.error.message]).toEqual([403, refusal]);

      // The thread stays readable to the friend, with replying closed.
      const thread = await friend.client.get(`/api/conversations/${conversationId}`);
      expect(thread.status).toBe(200);
      expect(conversationResponseSchema.parse(thread.body).conversation.permissions.reply).toBe(false);

      // A burst of both kinds at once changes nothing either.
      const burst = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => friend.client.post(`/api/conversations/${conversationId}/messages`, { text: `Burst ${i}` })),
        ...Array.from({ length: 4 }, (_, i) => stranger.client.post('/api/conversations', { to: recipient.uid, text: `Burst start ${i}` })),
      ]);
      expect(burst.map((r) => r.status)).toEqual(Array(8).fill(403));
      expect(await messagesIn(conversationId)).toBe(1);
      expect(await conversationsOf(recipient.uid)).toEqual([conversationId]);
    });

    it(`lets through only the messages sent before a ${standing} change commits, when they race it`, async () => {
      const { recipient, friend, conversationId } = await recipientWithFriend('Rex Racing');
      const senders = [friend, await veteran(api.server, 'Sid One'), await veteran(api.server, 'Sue Two')];
      // Friends, so each new conversation is accepted at once and its sender may go on writing.
      for (const sender of senders.slice(1)) await befriend(sender, recipient);
      const sends = senders.flatMap((sender, s) =>
        Array.from({ length: 3 }, (_, i) =>
          sender === friend
            ? sender.client.post<unknown>(`/api/conversations/${conversationId}/messages`, { text: `Race ${i}` })
            : sender.client.post<unknown>('/api/conversations', { to: recipient.uid, text: `Race ${s} ${i}` }),
        ),
      );
      const [changed, ...answers] = await Promise.all([putAway(recipient, standing), ...sends]);
      expect(changed).toBe(200);

      const statuses = answers.map((r) => r.status);
      // Each send either committed before the change or was refused after it: never a failure.
      expect(statuses.every((s) => s === 201 || s === 403)).toBe(true);
      for (const refused of answers.filter((r) => r.status === 403)) {
        expect((refused.body as ErrorBody).error.message).toBe(MESSAGE_TEXTS.notAccepting('Rex Racing'));
      }
      const stored = await api.server.ctx.db
        .selectFrom('conversationMessages as m')
        .innerJoin('conversationParticipants as p', 'p.conversationId', 'm.conversationId')
        .select('m.id')
        .where('p.uid', '=', recipient.uid)
        .where('m.from', '<>', recipient.uid)
        .execute();
      // The friend's first message, and exactly the sends that were answered 201.
      expect(stored).toHaveLength(1 + statuses.filter((s) => s === 201).length);

      // Once it has committed, nothing more gets through.
      const late = await friend.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Too late' });
      expect(late.status).toBe(403);
      expect((await canMessage(senders[1]!, recipient.uid)).canMessage).toBe(false);
    });
  }

  it('opens again when the suspension is lifted', async () => {
    const { recipient, friend, conversationId } = await recipientWithFriend('Una Lifted');
    expect(await putAway(recipient, 'suspended')).toBe(200);
    expect((await friend.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Hello?' })).status).toBe(403);
    const lifted = await api.admin.client.post(`/api/admin/users/${recipient.uid}/actions`, { action: 'unsuspend', reason: 'Appeal accepted' });
    expect(lifted.status).toBe(200);
    expect((await friend.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Welcome back' })).status).toBe(201);
    expect((await canMessage(friend, recipient.uid)).canMessage).toBe(true);
  });
});
