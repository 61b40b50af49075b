import { describe, expect, it } from 'vitest';
import { authorizeConversation, conversationPolicy, type ConversationFacts } from './conversations';
import { ADMIN, answer, OTHER, OWNER, VIEWERS } from './testing';

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
