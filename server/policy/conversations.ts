import { CONVERSATION_NOT_FOUND, type ConversationSummary, type ConversationType } from '@common/conversations';
import { forbidden, notFound } from '../http/errors';
import { adminAny, assertSignedIn, type Viewer } from './viewer';

/**
 * Who may do what with a conversation (/messages).
 *
 * - read, reply: own (the viewer is one of its participants); and admin-any on a feature
 *   request's thread (type 'feature_request'): every admin may follow and answer any request,
 *   and one who replies becomes a participant.
 * - To everyone else a conversation does not exist: 404 'Conversation not found', as for an
 *   unknown id, so its existence is not revealed. A guest gets 401.
 *
 * Direct messages between writers will add their own rules here (blocks, who may write first).
 */
export { CONVERSATION_NOT_FOUND };

/** What the rules look at: the conversation's type and its participants' uids. */
export interface ConversationFacts {
  type: ConversationType | (string & {});
  participants: readonly string[];
}

export type ConversationPermissions = ConversationSummary['permissions'];
export type ConversationAction = 'read' | keyof ConversationPermissions;

const participant = (viewer: Viewer, conversation: ConversationFacts): boolean =>
  viewer !== null && conversation.participants.includes(viewer.uid);
const read = (viewer: Viewer, conversation: ConversationFacts): boolean =>
  participant(viewer, conversation) || (adminAny(viewer) && conversation.type === 'feature_request');

const rules: Record<ConversationAction, (viewer: Viewer, conversation: ConversationFacts) => boolean> = {
  read,
  reply: read,
};

const REFUSALS: Record<keyof ConversationPermissions, string> = {
  reply: 'You cannot reply in this conversation.',
};

export const conversationPolicy = {
  can: (viewer: Viewer, action: ConversationAction, conversation: ConversationFacts): boolean => rules[action](viewer, conversation),
  /** Whether the viewer takes part (their unread state and the list are about them). */
  isParticipant: participant,

  /** The `permissions` object every conversation in the API carries. */
  permissions: (viewer: Viewer, conversation: ConversationFacts): ConversationPermissions => ({
    reply: rules.reply(viewer, conversation),
  }),
};

/**
 * 401 for a guest; 404 when the conversation is missing or the viewer may not read it; 403
 * when they may read it but not do `action`. Afterwards the caller's record is known to exist.
 */
export function authorizeConversation<C extends ConversationFacts>(
  viewer: Viewer,
  action: ConversationAction,
  conversation: C | null | undefined,
): asserts conversation is C {
  assertSignedIn(viewer);
  if (!conversation || !read(viewer, conversation)) throw notFound(CONVERSATION_NOT_FOUND);
  if (action !== 'read' && !rules[action](viewer, conversation)) throw forbidden(REFUSALS[action]);
}
