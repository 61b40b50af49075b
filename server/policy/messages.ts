import {
  CONVERSATION_NOT_FOUND,
  MESSAGE_CHANGE_WINDOW_MS,
  MESSAGE_NOT_FOUND,
  MESSAGE_TEXTS,
  NEW_ACCOUNT_MESSAGING_DELAY_MS,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationType,
  type WhoCanMessage,
} from '@common/messages/messages';
import { forbidden, notFound } from '../http/errors';
import { adminAny, assertSignedIn, type SignedInViewer, type Viewer } from './viewer';

/**
 * Who may do what with a conversation (/messages).
 *
 * - read, reply: own (the viewer is one of its participants); and admin-any on a feature
 *   request's thread (type 'feature_request'): every admin may follow and answer any request,
 *   and one who replies becomes a participant.
 * - A direct conversation with a block either way between its two writers does
 *   not exist for either of them. While it is a message request ('request', or 'declined',
 *   which its sender is never told about) only the recipient may write: replying accepts it.
 *   The recipient may accept (or decline) it. Nobody writes to a writer whose account is
 *   hidden (suspended or deactivated): the other still reads the conversation.
 * - To everyone else a conversation does not exist: 404 'Conversation not found', as for an
 *   unknown id, so its existence is not revealed. A guest gets 401.
 * - Messages: delete for me, any message one can read; edit and delete for everyone, one's
 *   own message in a direct conversation within MESSAGE_CHANGE_WINDOW_MS. A feature request's
 *   thread offers only "delete for me": its messages are also the request's responses, which
 *   the admin panel keeps as they were said.
 * - Starting: see `messagingVerdict` (who accepts messages from whom).
 */
export { CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND };


/** What the rules look at: the conversation's type and its participants' uids, and for a direct one its state. */
export interface ConversationFacts {
  type: ConversationType | (string & {});
  participants: readonly string[];
  /** 'accepted' (the default), or a direct conversation's 'request' / 'declined'. */
  status?: string;
  /** Who started a direct conversation (the sender of its request). */
  createdBy?: string | null;
  /** A block stands either way between a direct conversation's two writers. */
  blocked?: boolean;
  /**
   * A direct conversation's writers whose account is hidden (suspended, deactivated or
   * deleted), by uid, with the name the refusal says. Nobody writes to them.
   */
  away?: ReadonlyMap<string, string>;
}

export type ConversationPermissions = ConversationSummary['permissions'];
export type ConversationAction = 'read' | keyof ConversationPermissions;
export type ConversationState = ConversationSummary['state'];

const participant = (viewer: Viewer, conversation: ConversationFacts): boolean =>
  viewer !== null && conversation.participants.includes(viewer.uid);
const isDirect = (conversation: ConversationFacts): boolean => conversation.type === 'direct';
const isRequest = (conversation: ConversationFacts): boolean => isDirect(conversation) && (conversation.status ?? 'accepted') !== 'accepted';
const requestSender = (viewer: Viewer, conversation: ConversationFacts): boolean => viewer !== null && conversation.createdBy === viewer.uid;
/** The name of the other writer of a direct conversation when their account is hidden; null when there is none. */
const awayName = (viewer: Viewer, conversation: ConversationFacts): string | null => {
  if (!isDirect(conversation) || !conversation.away) return null;
  const other = conversation.participants.find((uid) => uid !== viewer?.uid && conversation.away?.has(uid));
  return other === undefined ? null : (conversation.away.get(other) ?? null);
};

const read = (viewer: Viewer, conversation: ConversationFacts): boolean => {
  if (isDirect(conversation)) return participant(viewer, conversation) && conversation.blocked !== true;
  return participant(viewer, conversation) || (adminAny(viewer) && conversation.type === 'feature_request');
};
const reply = (viewer: Viewer, conversation: ConversationFacts): boolean =>
  read(viewer, conversation) && !(isRequest(conversation) && requestSender(viewer, conversation)) && awayName(viewer, conversation) === null;
const accept = (viewer: Viewer, conversation: ConversationFacts): boolean =>
  read(viewer, conversation) && isRequest(conversation) && !requestSender(viewer, conversation);

const rules: Record<ConversationAction, (viewer: Viewer, conversation: ConversationFacts) => boolean> = { read, reply, accept };

function refusal(viewer: Viewer, action: keyof ConversationPermissions, conversation: ConversationFacts): string {
  const away = awayName(viewer, conversation);
  // The same words as a closed inbox: a suspension is nobody else's business.
  if (action === 'reply' && away !== null) return MESSAGE_TEXTS.notAccepting(away);
  if (action === 'reply') return isRequest(conversation) ? MESSAGE_TEXTS.requestPending : 'You cannot reply in this conversation.';
  return 'There is no message request to answer here.';
}

export const conversationPolicy = {
  can: (viewer: Viewer, action: ConversationAction, conversation: ConversationFacts): boolean => rules[action](viewer, conversation),
  /** Whether the viewer takes part (their unread state and the list are about them). */
  isParticipant: participant,

  /** The `permissions` object every conversation in the API carries. */
  permissions: (viewer: Viewer, conversation: ConversationFacts): ConversationPermissions => ({
    reply: rules.reply(viewer, conversation),
    accept: rules.accept(viewer, conversation),
  }),

  /** Where the conversation sits for the viewer: a request to them, their own pending request, or the inbox. */
  state: (viewer: Viewer, conversation: ConversationFacts): ConversationState => {
    if (!isRequest(conversation)) return 'inbox';
    return requestSender(viewer, conversation) ? 'pending' : 'request';
  },

  /** Whether its messages are unread-counted and emailed: not while it is a request (a request never raises a badge). */
  countsUnread: (conversation: ConversationFacts): boolean => !isRequest(conversation),
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
  if (action !== 'read' && !rules[action](viewer, conversation)) throw forbidden(refusal(viewer, action, conversation));
}

/** A message as the rules see it. */
export interface MessageFacts {
  from: string;
  created_at: string;
  deleted: boolean;
}
export type MessagePermissions = ConversationMessage['permissions'];
export type MessageAction = keyof MessagePermissions;

const withinWindow = (message: MessageFacts, now: number): boolean => now - Date.parse(message.created_at) <= MESSAGE_CHANGE_WINDOW_MS;
const ownChange = (viewer: Viewer, conversation: ConversationFacts, message: MessageFacts): boolean =>
  read(viewer, conversation) && isDirect(conversation) && viewer !== null && message.from === viewer.uid && !message.deleted;

const messageRules: Record<MessageAction, (viewer: Viewer, conversation: ConversationFacts, message: MessageFacts, now: number) => boolean> = {
  edit: (viewer, conversation, message, now) => ownChange(viewer, conversation, message) && withinWindow(message, now),
  deleteForEveryone: (viewer, conversation, message, now) => ownChange(viewer, conversation, message) && withinWindow(message, now),
  deleteForMe: (viewer, conversation) => read(viewer, conversation),
};

export const messagePolicy = {
  can: (viewer: Viewer, action: MessageAction, conversation: ConversationFacts, message: MessageFacts, now: number): boolean =>
    messageRules[action](viewer, conversation, message, now),
  /** The `permissions` object every message in the API carries, as of `now` (epoch ms). */
  permissions: (viewer: Viewer, conversation: ConversationFacts, message: MessageFacts, now: number): MessagePermissions => ({
    edit: messageRules.edit(viewer, conversation, message, now),
    deleteForEveryone: messageRules.deleteForEveryone(viewer, conversation, message, now),
    deleteForMe: messageRules.deleteForMe(viewer, conversation, message, now),
  }),
};

/**
 * 401 guest; 404 for a conversation the viewer cannot read or a message not in it; 403 with
 * the window's sentence when it is their own message but too old, or a plain refusal otherwise.
 */
export function authorizeMessage<M extends MessageFacts>(
  viewer: Viewer,
  action: MessageAction,
  conversation: ConversationFacts | null | undefined,
  message: M | null | undefined,
  now: number,
): asserts message is M {
  authorizeConversation(viewer, 'read', conversation);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  if (messageRules[action](viewer, conversation, message, now)) return;
  if (action !== 'deleteForMe' && ownChange(viewer, conversation, message)) {
    throw forbidden(action === 'edit' ? MESSAGE_TEXTS.editWindow : MESSAGE_TEXTS.deleteWindow);
  }
  throw forbidden(action === 'edit' ? 'You can only edit your own messages.' : 'You can only delete your own messages for everyone.');
}

/** What decides whether the viewer may write to another writer (GET /api/users/:uid/can-message, POST /api/conversations). */
export interface MessagingFacts {
  /** The other writer is the viewer. */
  self: boolean;
  /** A block either way (never revealed: the answer reads as "not accepting"). */
  blocked: boolean;
  /** The recipient's account is hidden: suspended, deactivated or deleted (also read as "not accepting"). */
  recipientAway: boolean;
  recipientName: string;
  whoCanMessage: WhoCanMessage;
  /** The viewer follows the recipient / the recipient follows the viewer. */
  viewerFollows: boolean;
  followsViewer: boolean;
  /** How old the viewer's account is. */
  accountAgeMs: number;
  /** Their direct conversation, if there is one. */
  existing: { status: string; createdBy: string | null } | null;
}

export type MessagingVerdict = { canMessage: true; reason: null; asRequest: boolean } | { canMessage: false; reason: string; asRequest: false };

const refuse = (reason: string): MessagingVerdict => ({ canMessage: false, reason, asRequest: false });

/** Whether the recipient's setting lets the viewer write first. */
function settingAllows(facts: MessagingFacts): boolean {
  switch (facts.whoCanMessage) {
    case 'everyone':
      return true;
    case 'following':
      return facts.followsViewer;
    case 'friends':
      return facts.followsViewer && facts.viewerFollows;
    case 'nobody':
      return false;
  }
}

/** Why the recipient's setting keeps the viewer out: the setting by name, except "No one" (a closed inbox). */
function settingRefusal(facts: MessagingFacts): string {
  if (facts.whoCanMessage === 'friends') return MESSAGE_TEXTS.friendsOnly(facts.recipientName);
  if (facts.whoCanMessage === 'following') return MESSAGE_TEXTS.followingOnly(facts.recipientName);
  return MESSAGE_TEXTS.notAccepting(facts.recipientName);
}

/**
 * An existing conversation stays usable whatever the settings say later (only a block, or the
 * recipient's account being hidden, stops it), except that the sender of a request waits for it to be accepted. Without one: a new
 * account waits 24 hours unless the recipient is a friend (mutual follows), the
 * recipient's setting decides, and a message from someone who is not a friend arrives as a request.
 */
export function messagingVerdict(viewer: SignedInViewer, facts: MessagingFacts): MessagingVerdict {
  if (facts.self) return refuse(MESSAGE_TEXTS.cannotMessageYourself);
  if (facts.blocked || facts.recipientAway) return refuse(MESSAGE_TEXTS.notAccepting(facts.recipientName));
  if (facts.existing) {
    const pending = facts.existing.status !== 'accepted' && facts.existing.createdBy === viewer.uid;
    return pending ? refuse(MESSAGE_TEXTS.requestPending) : { canMessage: true, reason: null, asRequest: false };
  }
  const friends = facts.followsViewer && facts.viewerFollows;
  // Friends chose each other, so the new-account wait (against throwaway spam accounts) is not theirs.
  if (facts.accountAgeMs < NEW_ACCOUNT_MESSAGING_DELAY_MS && !friends) return refuse(MESSAGE_TEXTS.newAccount);
  if (!settingAllows(facts)) return refuse(settingRefusal(facts));
  return { canMessage: true, reason: null, asRequest: !friends };
}
