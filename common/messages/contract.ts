import { z } from 'zod';
import {
  canMessageResponseSchema,
  CONVERSATION_NOT_FOUND,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationPageQuerySchema,
  conversationResponseSchema,
  conversationSummaryResponseSchema,
  MESSAGE_NOT_FOUND,
  messageDeleteQuerySchema,
  messageInputSchema,
  messagePageSchema,
  messageResponseSchema,
  messagingSettingsSchema,
  messagingSettingsUpdateSchema,
  startConversationResponseSchema,
  startConversationSchema,
  unreadCountResponseSchema,
} from './messages';
import { USER_NOT_FOUND } from '../profile/profile';
import { defineRoute } from '../contracts/define';
import { recordId, userId } from '../contracts/params';
import { okResponseSchema } from '../contracts/answers';

/** Where the conversations router is mounted (server/app.ts). */
export const CONVERSATIONS_BASE = '/api/conversations';
/** Where the direct-message routes outside that prefix are mounted. */
export const DIRECT_MESSAGES_BASE = '/api';

const conversationParamsSchema = z.object({ id: recordId(CONVERSATION_NOT_FOUND) });
const messageParamsSchema = z.object({ id: recordId(CONVERSATION_NOT_FOUND), messageId: recordId(MESSAGE_NOT_FOUND) });

/** /api/conversations: the viewer's conversations, a thread, replies, read marks and requests. All need a session. */
export const conversationContracts = {
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/conversations', query: conversationListQuerySchema, response: conversationListResponseSchema }),
  /** The first message to a writer (appended to the conversation with them when there is one). */
  start: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations', body: startConversationSchema, response: startConversationResponseSchema, status: 201 }),
  unreadCount: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/conversations/unread-count', response: unreadCountResponseSchema }),
  /** The conversation and its newest page of messages. */
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/conversations/:id', params: conversationParamsSchema, response: conversationResponseSchema }),
  /** An older page of messages. */
  messages: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/conversations/:id/messages', params: conversationParamsSchema, query: conversationPageQuerySchema, response: messagePageSchema }),
  send: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations/:id/messages', params: conversationParamsSchema, body: messageInputSchema, response: messageResponseSchema, status: 201 }),
  edit: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/conversations/:id/messages/:messageId', params: messageParamsSchema, body: messageInputSchema, response: messageResponseSchema }),
  deleteMessage: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/conversations/:id/messages/:messageId', params: messageParamsSchema, query: messageDeleteQuerySchema, response: messageResponseSchema }),
  markRead: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations/:id/read', params: conversationParamsSchema, response: unreadCountResponseSchema }),
  typing: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations/:id/typing', params: conversationParamsSchema, response: z.undefined(), status: 204 }),
  accept: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations/:id/accept', params: conversationParamsSchema, response: conversationSummaryResponseSchema }),
  decline: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/conversations/:id/decline', params: conversationParamsSchema, response: okResponseSchema }),
};

/** Direct messages outside /api/conversations: may the viewer write to someone, and their own settings. */
export const directMessageContracts = {
  canMessage: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/users/:uid/can-message', params: z.object({ uid: userId(USER_NOT_FOUND) }), response: canMessageResponseSchema }),
  settings: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/messaging-settings', response: messagingSettingsSchema }),
  updateSettings: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/messaging-settings', body: messagingSettingsUpdateSchema, response: messagingSettingsSchema }),
};
