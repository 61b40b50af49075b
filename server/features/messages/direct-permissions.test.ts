import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, WHO_CAN_MESSAGE, type WhoCanMessage } from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { type SignedUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { block, canMessage, follow, setMessaging, startWith, veteran } from './test-support';

/**
 * Who may message whom (GET /api/users/:uid/can-message, POST /api/conversations): every
 * "who can message me" setting × how the two follow each other × a block either way.
 */
const RELATIONSHIPS = ['friends', 'sender follows', 'recipient follows', 'none'] as const;
const BLOCKS = ['none', 'sender blocks', 'recipient blocks'] as const;
type Relationship = (typeof RELATIONSHIPS)[number];

/**
 * Whether the sender may write first, and otherwise why, in words that never reveal a block: a
 * blocked pair reads exactly as an inbox closed to everyone.
 */
function expected(who: WhoCanMessage, relationship: Relationship, blocked: boolean): { allowed: boolean; asRequest: boolean; reason: string | null } {
  const name = 'Ada Recipient';
  if (blocked) return { allowed: false, asRequest: false, reason: MESSAGE_TEXTS.notAccepting(name) };
  const recipientFollows = relationship === 'friends' || relationship === 'recipient follows';
  const allowed = who === 'everyone' || (who === 'following' && recipientFollows) || (who === 'friends' && relationship === 'friends');
  const reason = allowed ? null : who === 'friends' ? MESSAGE_TEXTS.friendsOnly(name) : who === 'following' ? MESSAGE_TEXTS.followingOnly(name) : MESSAGE_TEXTS.notAccepting(name);
  return { allowed, asRequest: allowed && relationship !== 'friends', reason };
}

describe.each(testDialects())('who can message whom on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  async function relate(sender: SignedUp, recipient: SignedUp, relationship: Relationship, blocking: (typeof BLOCKS)[number]) {
    if (relationship === 'friends' || relationship === 'sender follows') await follow(sender, recipient.uid);
    if (relationship === 'friends' || relationship === 'recipient follows') await follow(recipient, sender.uid);
    if (blocking === 'sender blocks') await block(sender, recipient.uid);
    if (blocking === 'recipient blocks') await block(recipient, sender.uid);
  }

  for (const relationship of RELATIONSHIPS) {
    for (const blocking of BLOCKS) {
      it(`answers can-message and sending alike: ${relationship}, block: ${blocking}, for every setting`, async () => {
        // One sender per case writes to one recipient per setting: at most four new conversations, under the daily cap.
        const sender = await veteran(api.server, 'Sam Sender');
        for (const who of WHO_CAN_MESSAGE) {
          const recipient = await veteran(api.server, 'Ada Recipient');
          await setMessaging(recipient, { whoCanMessage: who });
          await relate(sender, recipient, relationship, blocking);
          const want = expected(who, relationship, blocking !== 'none');
          const label = `${who} / ${relationship} / ${blocking}`;

          expect(await canMessage(sender, recipient.uid), label).toEqual({
            canMessage: want.allowed,
            reason: want.reason,
            conversationId: null,
            asRequest: want.asRequest,
          });

          const sent = await startWith(sender, recipient.uid, `Hello, ${who} ${relationship} ${blocking}`);
          if (!want.allowed) {
            expect(sent.status, label).toBe(403);
            expect((sent.body as ErrorBody).error.message).toBe(want.reason);
            const stored = await api.server.ctx.db.selectFrom('conversationParticipants').select('conversationId').where('uid', '=', recipient.uid).execute();
            expect(stored, label).toEqual([]);
            continue;
          }
          expect(sent.status, label).toBe(201);
          expect(sent.started!.conversation, label).toMatchObject({ type: 'direct', state: want.asRequest ? 'pending' : 'inbox', title: 'Ada Recipient' });
          expect(sent.started!.message, label).toMatchObject({ text: `Hello, ${who} ${relationship} ${blocking}`, mine: true, seen: false, deleted: false });
          // Now the pair has a conversation: can-message points at it (a request's sender waits).
          expect(await canMessage(sender, recipient.uid), label).toEqual(
            want.asRequest
              ? { canMessage: false, reason: MESSAGE_TEXTS.requestPending, conversationId: sent.started!.conversation.id, asRequest: false }
              : { canMessage: true, reason: null, conversationId: sent.started!.conversation.id, asRequest: false },
          );
          expect(await canMessage(recipient, sender.uid), label).toEqual({ canMessage: true, reason: null, conversationId: sent.started!.conversation.id, asRequest: false });
        }
      });
    }
  }

  it('refuses messaging oneself and an unknown writer', async () => {
    const sender = await veteran(api.server);
    expect(await canMessage(sender, sender.uid)).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.cannotMessageYourself, conversationId: null, asRequest: false });
    const self = await startWith(sender, sender.uid, 'Me');
    expect([self.status, (self.body as ErrorBody).error.message]).toEqual([403, MESSAGE_TEXTS.cannotMessageYourself]);
    const unknown = await startWith(sender, 'nobodyHere123', 'Hi');
    expect([unknown.status, (unknown.body as ErrorBody).error.message]).toEqual([404, 'User not found']);
    expect((await sender.client.get('/api/users/nobodyHere123/can-message')).status).toBe(404);
    expect((await api.server.client().get(`/api/users/${sender.uid}/can-message`)).status).toBe(401);
    expect((await api.server.client().post('/api/conversations', { to: sender.uid, text: 'Hi' })).status).toBe(401);
  });

  it('keeps an accepted conversation usable after the recipient closes their messages, until a block', async () => {
    const sender = await veteran(api.server, 'Sam');
    const recipient = await veteran(api.server, 'Ada');
    await setMessaging(recipient, { whoCanMessage: 'everyone' });
    await follow(sender, recipient.uid);
    await follow(recipient, sender.uid);
    const first = await startWith(sender, recipient.uid, 'First');
    expect(first.started!.conversation.state).toBe('inbox');
    await setMessaging(recipient, { whoCanMessage: 'nobody' });
    expect((await canMessage(sender, recipient.uid)).canMessage).toBe(true);
    expect((await startWith(sender, recipient.uid, 'Still here')).status).toBe(201);
    const id = first.started!.conversation.id;
    expect((await sender.client.post(`/api/conversations/${id}/messages`, { text: 'And again' })).status).toBe(201);

    await block(recipient, sender.uid);
    expect(await canMessage(sender, recipient.uid)).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.notAccepting('Ada'), conversationId: null, asRequest: false });
    const refused = await startWith(sender, recipient.uid, 'Blocked?');
    expect([refused.status, (refused.body as ErrorBody).error.message]).toEqual([403, MESSAGE_TEXTS.notAccepting('Ada')]);
    const reply = await sender.client.post<ErrorBody>(`/api/conversations/${id}/messages`, { text: 'Blocked?' });
    expect([reply.status, reply.body.error.message]).toEqual([404, 'Conversation not found']);
  });
});
