// Conversations' limits, texts and rules, without zod: the screens people land on read them without building schemas.
// common/messages/messages.ts holds the schemas and re-exports all of this (docs/decisions/0049).

/**
 * Conversations (/messages): a feature request's thread between the requester and the
 * admins who answer it (type 'feature_request'), and direct messages between two writers
 * (type 'direct'). The API contract both sides share.
 *
 * GET    /api/conversations?folder=inbox|requests&cursor → ConversationListResponse (newest activity first)
 * GET    /api/conversations/unread-count         → UnreadCountResponse (inbox conversations with unread messages for me)
 * GET    /api/conversations/:id                  → ConversationResponse (the conversation and its newest messages)
 * GET    /api/conversations/:id/messages?cursor  → MessagePage (older messages, page by page)
 * POST   /api/conversations/:id/messages {text}  → MessageResponse, 201
 * PATCH  /api/conversations/:id/messages/:messageId {text} → MessageResponse (edit, within 10 minutes)
 * DELETE /api/conversations/:id/messages/:messageId?for=everyone|me → MessageResponse (for everyone within 10 minutes; for me any time)
 * POST   /api/conversations/:id/read             → UnreadCountResponse (marks it read for me)
 * POST   /api/conversations/:id/typing           → 204 (the others see "typing…" for a few seconds)
 * POST   /api/conversations/:id/accept           → ConversationSummaryResponse (a request moves to the inbox)
 * POST   /api/conversations/:id/decline          → { ok: true } (hidden for me; the sender is not told)
 * GET    /api/users/:uid/can-message             → CanMessageResponse (asked before the composer opens)
 * POST   /api/conversations {to, text}           → StartConversationResponse, 201 (the first message; appends to our conversation when there is one)
 * GET    /api/me/messaging-settings, PATCH       → MessagingSettings
 */

export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE = 30;

export const CONVERSATION_TYPES = ['feature_request', 'direct'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export const MESSAGE_FROM_TYPES = ['admin', 'user'] as const;

/** A message can be edited, or deleted for everyone, this long after it was sent. */
export const MESSAGE_CHANGE_WINDOW_MS = 10 * 60_000;
/** Accounts younger than this can reply but not start conversations. */
export const NEW_ACCOUNT_MESSAGING_DELAY_MS = 24 * 60 * 60_000;
/** New conversations a writer may start in 24 hours. */
export const NEW_CONVERSATIONS_PER_DAY = 10;
/** The same text to more than this many people within DUPLICATE_WINDOW_MS is refused. */
export const DUPLICATE_RECIPIENTS_MAX = 3;
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** The composer signals typing at most this often; the others show "typing…" this long after a signal. */
export const TYPING_SIGNAL_MS = 3000;
export const TYPING_SHOWN_MS = 6000;

export const WHO_CAN_MESSAGE = ['friends', 'following', 'everyone', 'nobody'] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];
export const WHO_CAN_MESSAGE_LABELS: Record<WhoCanMessage, string> = {
  friends: 'Friends',
  following: 'People I follow',
  everyone: 'Everyone',
  nobody: 'No one',
};
export const WHO_CAN_MESSAGE_DEFAULT: WhoCanMessage = 'friends';

/**
 * The texts of direct messages, used exactly. Why a writer can't be messaged names their
 * setting when it is one a sender could come to meet; a block, a closed inbox and an account
 * that is away all read the same ("not accepting"), so none of them can be told apart. No
 * pronouns: the product has no field for them, so the name is said twice.
 */
export const MESSAGE_TEXTS = {
  notAccepting: (name: string) => `${name} isn't accepting messages right now.`,
  friendsOnly: (name: string) => `Only ${name}'s friends can message ${name}.`,
  followingOnly: (name: string) => `Only people ${name} follows can message ${name}.`,
  e2eNotice: "Messages on Drabble aren't end-to-end encrypted. Admins can read a conversation only when someone reports it.",
  sameText: 'You sent the same message to several people — slow down.',
  newAccount: 'New accounts can start conversations with friends (people who follow each other) right away, and with others after their first 24 hours. You can still reply to messages.',
  tooManyNew: "You've started a lot of conversations today — try again tomorrow.",
  requestPending: 'You can send more once they accept your message request.',
  cannotMessageYourself: "You can't message yourself.",
  deleted: 'Message deleted',
  edited: 'edited',
  seen: 'Seen',
  notSent: 'Not sent — Retry',
  typing: (name: string) => `${name} is typing…`,
  editWindow: 'Messages can only be edited for 10 minutes after sending.',
  deleteWindow: 'Messages can only be deleted for everyone within 10 minutes of sending.',
  requests: 'Requests',
  accept: 'Accept',
  decline: 'Decline',
  requestIntro: (name: string) => `${name} wants to send you a message. They won't know you've seen it unless you accept.`,
} as const;

/** Which list GET /api/conversations reads: the inbox, or message requests others sent me. */
export const CONVERSATION_FOLDERS = ['inbox', 'requests'] as const;
export type ConversationFolder = (typeof CONVERSATION_FOLDERS)[number];
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const MESSAGE_NOT_FOUND = 'Message not found';

/** A feature-request thread's title quotes this many characters of the request. */
export const FEATURE_REQUEST_TITLE_LENGTH = 60;

/** A direct conversation's pair key: the two uids sorted and joined (unique per pair). */
export function directPairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export { unreadBadge } from './unread-badge';

/** 'Feature request: <the request's first 60 characters>', with … when the text was cut. */
export function featureRequestTitle(text: string | null): string {
  if (text === null) return 'Feature request';
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  const cut = chars.length > FEATURE_REQUEST_TITLE_LENGTH;
  return `Feature request: ${chars.slice(0, FEATURE_REQUEST_TITLE_LENGTH).join('').trimEnd()}${cut ? '…' : ''}`;
}

