import { z } from 'zod';
import { emptyAsMissing, requiredText } from './text';
import { PROFILE_ICONS } from './profile-icons';

/**
 * Conversations (/messages): a feature request's thread between the requester and the
 * admins who answer it (type 'feature_request'), and direct messages between two writers
 * (type 'direct', issue 12). The API contract both sides share.
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

export const messagingSettingsSchema = z.object({
  whoCanMessage: z.enum(WHO_CAN_MESSAGE, 'Choose who can message you.'),
  readReceipts: z.boolean('Say whether to show read receipts.'),
  typingIndicator: z.boolean('Say whether to show when you are typing.'),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;
export const messagingSettingsUpdateSchema = messagingSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });

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
/** A `nextCursor` passed back: opaque base64url, bounded (empty means none). The server checks what it decodes to. */
export const conversationPageQuerySchema = z.object({
  cursor: emptyAsMissing(z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'This list has changed. Please reload it.').optional()),
});
export const conversationListQuerySchema = conversationPageQuerySchema.extend({
  folder: emptyAsMissing(z.enum(CONVERSATION_FOLDERS, 'Unknown folder.').optional()),
});
/** DELETE …/messages/:messageId?for= */
export const messageDeleteQuerySchema = z.object({ for: z.enum(['everyone', 'me'], 'Say whether to delete it for everyone or for you.') });

export const messageInputSchema = z
  .object({
    text: requiredText('Your message', {
      empty: 'Please write a message.',
      max: MESSAGE_TEXT_MAX,
      tooLong: `Please keep your message under ${MESSAGE_TEXT_MAX} characters.`,
    }),
  })
  .strict();
export type MessageInput = z.input<typeof messageInputSchema>;

/** POST /api/conversations: the first message to a writer. */
export const startConversationSchema = messageInputSchema.extend({ to: z.string('Say who to message.').regex(/^[A-Za-z0-9_-]{1,128}$/, 'User not found') }).strict();
export type StartConversationInput = z.input<typeof startConversationSchema>;

/** Someone in a conversation, as the other side sees them: never their email. */
export const conversationMemberSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  profileIcon: z.enum(PROFILE_ICONS),
  profileImage: z.string().nullable(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The sender's uid. */
  from: z.string(),
  fromType: z.enum(MESSAGE_FROM_TYPES),
  text: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  /** The requester's original suggestion, the first message of a feature-request thread. */
  isFeatureRequest: z.boolean(),
  /** Sent by the viewer. */
  mine: z.boolean(),
  /** When it was last edited; null when never. */
  editedAt: z.string().nullable(),
  /** Deleted for everyone: `text` is empty and the thread shows "Message deleted". */
  deleted: z.boolean(),
  /** The viewer's own message, read by the other side with read receipts on for both. */
  seen: z.boolean(),
  permissions: z.object({ edit: z.boolean(), deleteForEveryone: z.boolean(), deleteForMe: z.boolean() }),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  featureRequestId: z.string().nullable(),
  /** What the list shows as its name, e.g. 'Feature request: Dark mode for…'. */
  title: z.string(),
  /** Everyone in it but the viewer. */
  members: z.array(conversationMemberSchema),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  /** The spec's unreadFor holds the viewer. */
  unread: z.boolean(),
  created_at: z.string(),
  /**
   * For the viewer: 'inbox'; 'request' when someone asks to message them (Accept/Decline);
   * 'pending' when the viewer's own request waits (a declined one stays 'pending': the sender is not told).
   */
  state: z.enum(['inbox', 'request', 'pending']),
  /** Whether the others see the viewer typing (both sides have the indicator on). */
  typingIndicator: z.boolean(),
  permissions: z.object({ reply: z.boolean(), accept: z.boolean() }),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/** Messages oldest first; `nextCursor` fetches the page before the first one shown. */
export const messagePageSchema = z.object({
  messages: z.array(conversationMessageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationResponseSchema = messagePageSchema.extend({ conversation: conversationSummarySchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

export const messageResponseSchema = z.object({ message: conversationMessageSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const conversationSummaryResponseSchema = z.object({ conversation: conversationSummarySchema });
export type ConversationSummaryResponse = z.infer<typeof conversationSummaryResponseSchema>;

export const startConversationResponseSchema = z.object({ conversation: conversationSummarySchema, message: conversationMessageSchema });
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;

/** Asked before the composer opens. `reason` is shown as it is when `canMessage` is false. */
export const canMessageResponseSchema = z.object({
  canMessage: z.boolean(),
  reason: z.string().nullable(),
  /** Our existing direct conversation, to open instead of a new one. */
  conversationId: z.string().nullable(),
  /** The first message will arrive as a request (they are not friends). */
  asRequest: z.boolean(),
});
export type CanMessageResponse = z.infer<typeof canMessageResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

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
