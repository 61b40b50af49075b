import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, NEW_ACCOUNT_MESSAGING_DELAY_MS, WHO_CAN_MESSAGE } from '@common/messages/messages';
import { authorizeConversation, authorizeMessage, conversationPolicy, messagePolicy, messagingVerdict, type ConversationFacts, type MessagingFacts } from './messages';
import { ADMIN, answer, OTHER, OWNER, VIEWERS } from '../test/policy';

// OWNER asked; CY is an admin who answered. OTHER and ADMIN take no part.
const thread: ConversationFacts = { type: 'feature_request', participants: [OWNER.uid, 'cy'] };
// A kind of conversation admins have no "any" on (direct messages, later).
const direct: ConversationFacts = { type: 'direct', participants: [OWNER.uid, 'cy'] };

describe('conversationPolicy', () => {
  it('read, reply: participants, and any admin on a feature request’s thread', () => {
    for (const action of ['read', 'reply'] as const) {
      expect(VIEWERS.map(([, viewer]) => conversationPolicy.can(viewer, action, thread))).toEqual([false, false, true, true]);
      expect(VIEWERS.map(([, viewer]) => conversationPolicy.can(viewer, action, direct))).toEqual([false, false, true, false]);
    }
    expect(conversationPolicy.can({ uid: 'cy', admin: false }, 'reply', thread)).toBe(true);
  });

  it('sends the same answers as `permissions`', () => {
    for (const conversation of [thread, direct]) {
      for (const [, viewer] of VIEWERS) expect(conversationPolicy.permissions(viewer, conversation).reply).toBe(conversationPolicy.can(viewer, 'reply', conversation));
    }
  });
});

describe('authorizeConversation', () => {
  it('answers 401 to a guest, and 404 (not 403) to an outsider, as for a missing conversation', () => {
    expect(answer(() => authorizeConversation(null, 'read', thread))).toEqual([401, 'Please sign in to continue.']);
    expect(answer(() => authorizeConversation(OTHER, 'read', thread))).toEqual([404, 'Conversation not found']);
    expect(answer(() => authorizeConversation(OTHER, 'reply', thread))).toEqual([404, 'Conversation not found']);
    expect(answer(() => authorizeConversation(OWNER, 'read', null))).toEqual([404, 'Conversation not found']);
    expect(answer(() => authorizeConversation(ADMIN, 'reply', direct))).toEqual([404, 'Conversation not found']);
    expect(answer(() => authorizeConversation(OWNER, 'reply', thread))).toBe('ok');
    expect(answer(() => authorizeConversation(ADMIN, 'reply', thread))).toBe('ok');
  });
});

// Direct conversations: OWNER (ada) and cy. A request cy sent to ada, and one ada sent.
const CY = { uid: 'cy', admin: false };
const requestToOwner: ConversationFacts = { ...direct, status: 'request', createdBy: 'cy' };
const requestFromOwner: ConversationFacts = { ...direct, status: 'declined', createdBy: OWNER.uid };

describe('direct conversations', () => {
  it('a block either way hides it from both writers: 404, like a missing one', () => {
    const blocked = { ...direct, blocked: true };
    for (const viewer of [OWNER, CY]) {
      expect(conversationPolicy.can(viewer, 'read', blocked)).toBe(false);
      expect(answer(() => authorizeConversation(viewer, 'reply', blocked))).toEqual([404, 'Conversation not found']);
    }
  });

  it('while it is a request only the recipient writes (replying accepts) and answers it; the sender waits, declined or not', () => {
    expect(conversationPolicy.permissions(OWNER, requestToOwner)).toEqual({ reply: true, accept: true });
    expect(conversationPolicy.permissions(CY, requestToOwner)).toEqual({ reply: false, accept: false });
    expect(answer(() => authorizeConversation(CY, 'reply', requestToOwner))).toEqual([403, MESSAGE_TEXTS.requestPending]);
    expect(answer(() => authorizeConversation(OWNER, 'reply', requestFromOwner))).toEqual([403, MESSAGE_TEXTS.requestPending]);
    expect(answer(() => authorizeConversation(OWNER, 'accept', direct))).toEqual([403, 'There is no message request to answer here.']);
    expect(answer(() => authorizeConversation(OTHER, 'accept', requestToOwner))).toEqual([404, 'Conversation not found']);
  });

  it('nobody writes to a writer whose account is hidden, in the words of a closed inbox; the conversation stays readable', () => {
    const away: ConversationFacts = { ...direct, away: new Map([['cy', 'Cy']]) };
    expect(conversationPolicy.can(OWNER, 'read', away)).toBe(true);
    expect(conversationPolicy.permissions(OWNER, away)).toEqual({ reply: false, accept: false });
    expect(answer(() => authorizeConversation(OWNER, 'reply', away))).toEqual([403, MESSAGE_TEXTS.notAccepting('Cy')]);
    expect(answer(() => authorizeConversation(OWNER, 'reply', { ...requestToOwner, away: new Map([['cy', 'Cy']]) }))).toEqual([403, MESSAGE_TEXTS.notAccepting('Cy')]);
    // A feature request's thread is not a direct conversation: its admins answer whatever the requester's standing.
    expect(conversationPolicy.can(ADMIN, 'reply', { ...thread, away: new Map([[OWNER.uid, 'Ada']]) })).toBe(true);
  });

  it('states: a request to the viewer, their own pending one (declined reads the same), or the inbox', () => {
    expect(conversationPolicy.state(OWNER, requestToOwner)).toBe('request');
    expect(conversationPolicy.state(CY, requestToOwner)).toBe('pending');
    expect(conversationPolicy.state(OWNER, requestFromOwner)).toBe('pending');
    expect(conversationPolicy.state(OWNER, direct)).toBe('inbox');
    expect(conversationPolicy.state(OWNER, thread)).toBe('inbox');
    expect([direct, thread, requestToOwner, requestFromOwner].map((c) => conversationPolicy.countsUnread(c))).toEqual([true, true, false, false]);
  });
});

describe('messagePolicy', () => {
  const now = Date.parse('2026-01-01T12:00:00.000Z');
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const mine = { from: OWNER.uid, created_at: at(9), deleted: false };

  it('edit and delete for everyone: one’s own message in a direct conversation, within 10 minutes, not yet deleted', () => {
    expect(messagePolicy.permissions(OWNER, direct, mine, now)).toEqual({ edit: true, deleteForEveryone: true, deleteForMe: true });
    expect(messagePolicy.permissions(CY, direct, mine, now)).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    expect(messagePolicy.permissions(OWNER, direct, { ...mine, created_at: at(10.01) }, now)).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    expect(messagePolicy.permissions(OWNER, direct, { ...mine, deleted: true }, now)).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    // A feature request's thread keeps what was said (its messages are the request's responses).
    expect(messagePolicy.permissions(OWNER, thread, mine, now)).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: true });
    expect(messagePolicy.permissions(OTHER, direct, mine, now)).toEqual({ edit: false, deleteForEveryone: false, deleteForMe: false });
  });

  it('answers the window’s sentence for one’s own old message, 404 for a missing one or conversation', () => {
    const old = { ...mine, created_at: at(11) };
    expect(answer(() => authorizeMessage(OWNER, 'edit', direct, old, now))).toEqual([403, MESSAGE_TEXTS.editWindow]);
    expect(answer(() => authorizeMessage(OWNER, 'deleteForEveryone', direct, old, now))).toEqual([403, MESSAGE_TEXTS.deleteWindow]);
    expect(answer(() => authorizeMessage(OWNER, 'deleteForMe', direct, old, now))).toBe('ok');
    expect(answer(() => authorizeMessage(CY, 'edit', direct, mine, now))).toEqual([403, 'You can only edit your own messages.']);
    expect(answer(() => authorizeMessage(OWNER, 'edit', direct, null, now))).toEqual([404, 'Message not found']);
    expect(answer(() => authorizeMessage(OTHER, 'deleteForMe', direct, mine, now))).toEqual([404, 'Conversation not found']);
    expect(answer(() => authorizeMessage(null, 'deleteForMe', direct, mine, now))).toEqual([401, 'Please sign in to continue.']);
  });
});

describe('messagingVerdict', () => {
  const base: MessagingFacts = {
    self: false,
    blocked: false,
    recipientAway: false,
    recipientName: 'Cy',
    whoCanMessage: 'friends',
    viewerFollows: false,
    followsViewer: false,
    accountAgeMs: NEW_ACCOUNT_MESSAGING_DELAY_MS,
    existing: null,
  };
  const notAccepting = { canMessage: false, reason: MESSAGE_TEXTS.notAccepting('Cy'), asRequest: false };
  const friendsOnly = { canMessage: false, reason: MESSAGE_TEXTS.friendsOnly('Cy'), asRequest: false };
  const followingOnly = { canMessage: false, reason: MESSAGE_TEXTS.followingOnly('Cy'), asRequest: false };
  const yes = (asRequest: boolean) => ({ canMessage: true, reason: null, asRequest });

  it('follows the recipient’s setting, saying which it is; a writer who is not a friend arrives as a request', () => {
    const relations = [
      { viewerFollows: true, followsViewer: true },
      { viewerFollows: true, followsViewer: false },
      { viewerFollows: false, followsViewer: true },
      { viewerFollows: false, followsViewer: false },
    ];
    const table = WHO_CAN_MESSAGE.map((whoCanMessage) => relations.map((r) => messagingVerdict(OWNER, { ...base, ...r, whoCanMessage })));
    expect(table).toEqual([
      [yes(false), friendsOnly, friendsOnly, friendsOnly], // friends
      [yes(false), followingOnly, yes(true), followingOnly], // following: they follow me
      [yes(false), yes(true), yes(true), yes(true)], // everyone
      [notAccepting, notAccepting, notAccepting, notAccepting], // nobody
    ]);
  });

  it('refuses oneself, a block (as "not accepting"), and a new account without a conversation', () => {
    expect(messagingVerdict(OWNER, { ...base, self: true })).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.cannotMessageYourself, asRequest: false });
    expect(messagingVerdict(OWNER, { ...base, whoCanMessage: 'everyone', blocked: true })).toEqual(notAccepting);
    // A block reads as a closed inbox whatever the setting: "only friends" would tell the blocked writer something changed.
    for (const whoCanMessage of WHO_CAN_MESSAGE) expect(messagingVerdict(OWNER, { ...base, whoCanMessage, blocked: true })).toEqual(notAccepting);
    expect(messagingVerdict(OWNER, { ...base, whoCanMessage: 'everyone', accountAgeMs: NEW_ACCOUNT_MESSAGING_DELAY_MS - 1 })).toEqual({
      canMessage: false,
      reason: MESSAGE_TEXTS.newAccount,
      asRequest: false,
    });
  });

  it('lets a new account start a conversation with a friend (mutual follows) at once, and no one else', () => {
    const young = { ...base, whoCanMessage: 'everyone' as const, accountAgeMs: 0 };
    const waits = { canMessage: false, reason: MESSAGE_TEXTS.newAccount, asRequest: false };
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: true, followsViewer: true })).toEqual(yes(false));
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: true, followsViewer: false })).toEqual(waits);
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: false, followsViewer: true })).toEqual(waits);
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: false, followsViewer: false })).toEqual(waits);
    // The other rules stay: a block, an away account, and "No one" still refuse a friend.
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: true, followsViewer: true, blocked: true })).toEqual(notAccepting);
    expect(messagingVerdict(OWNER, { ...young, viewerFollows: true, followsViewer: true, whoCanMessage: 'nobody' })).toEqual(notAccepting);
  });

  it('an existing conversation stays usable whatever the setting or the account’s age, but not past a block or a pending request', () => {
    const young = { ...base, whoCanMessage: 'nobody' as const, accountAgeMs: 0 };
    expect(messagingVerdict(OWNER, { ...young, existing: { status: 'accepted', createdBy: 'cy' } })).toEqual(yes(false));
    expect(messagingVerdict(OWNER, { ...young, existing: { status: 'request', createdBy: 'cy' } })).toEqual(yes(false));
    expect(messagingVerdict(OWNER, { ...young, existing: { status: 'declined', createdBy: OWNER.uid } })).toEqual({ canMessage: false, reason: MESSAGE_TEXTS.requestPending, asRequest: false });
    expect(messagingVerdict(OWNER, { ...young, blocked: true, existing: { status: 'accepted', createdBy: 'cy' } })).toEqual(notAccepting);
    expect(messagingVerdict(OWNER, { ...young, recipientAway: true, existing: { status: 'accepted', createdBy: 'cy' } })).toEqual(notAccepting);
  });
});
