import { z } from 'zod';
import { emptyAsMissing, requiredText } from './text';
import { PROFILE_ICONS } from './profile-icons';

/**
 * Conversations (/messages): a feature request's thread between the requester and the
 * admins who answer it (type 'feature_request'); direct messages between writers reuse the
 * same model later. The API contract both sides share.
 *
 * GET  /api/conversations                      → ConversationListResponse (newest activity first, cursor paging)
 * GET  /api/conversations/unread-count         → UnreadCountResponse (conversations with unread messages for me)
 * GET  /api/conversations/:id                  → ConversationResponse (the conversation and its newest messages)
 * GET  /api/conversations/:id/messages?cursor  → MessagePage (older messages, page by page)
 * POST /api/conversations/:id/messages {text}  → MessageResponse, 201
 * POST /api/conversations/:id/read             → UnreadCountResponse (marks it read for me)
 */

export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE = 30;

export const CONVERSATION_TYPES = ['feature_request'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export const MESSAGE_FROM_TYPES = ['admin', 'user'] as const;

/** A `nextCursor` passed back: opaque base64url, bounded (empty means none). The server checks what it decodes to. */
export const conversationPageQuerySchema = z.object({
  cursor: emptyAsMissing(z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'This list has changed. Please reload it.').optional()),
});

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
  permissions: z.object({ reply: z.boolean() }),
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

export const unreadCountResponseSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** A feature-request thread's title quotes this many characters of the request. */
export const FEATURE_REQUEST_TITLE_LENGTH = 60;

/** 'Feature request: <the request's first 60 characters>', with … when the text was cut. */
export function featureRequestTitle(text: string | null): string {
  if (text === null) return 'Feature request';
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  const cut = chars.length > FEATURE_REQUEST_TITLE_LENGTH;
  return `Feature request: ${chars.slice(0, FEATURE_REQUEST_TITLE_LENGTH).join('').trimEnd()}${cut ? '…' : ''}`;
}
