import { z } from 'zod';
import { emptyAsMissing, requiredText } from '../shared/text';
import { PROFILE_ICONS } from '../profile/icons';
import { MESSAGE_TEXT_MAX, CONVERSATION_TYPES, MESSAGE_FROM_TYPES, WHO_CAN_MESSAGE, CONVERSATION_FOLDERS } from './rules';

/** The schemas; the rules and texts are in conversation-rules.ts (no zod), re-exported here. */
export * from './rules';

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

