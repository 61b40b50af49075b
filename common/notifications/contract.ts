import { z } from 'zod';
import {
  notificationActorPageSchema,
  notificationListResponseSchema,
  notificationPageQuerySchema,
  notificationPrefsSchema,
  notificationPrefsUpdateSchema,
  notificationUnreadSchema,
  unsubscribeInputSchema,
  unsubscribeResponseSchema,
} from './notifications';
import { defineRoute } from '../contracts/define';

/** Where the notifications router is mounted (server/app.ts). */
export const NOTIFICATIONS_BASE = '/api/notifications';
/** Where the notification preferences router is mounted (server/app.ts). */
export const NOTIFICATION_PREFS_BASE = '/api/me';

/** A notification's id is never checked for shape: one that is not the reader's own is a 404 from the lookup. */
const notificationParamsSchema = z.object({ id: z.string() });

/** /api/notifications: the bell's list, unread count, read marks; and the one-click unsubscribe. */
export const notificationContracts = {
  /** Latest activity first, a page at a time. */
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/notifications', query: notificationPageQuerySchema, response: notificationListResponseSchema }),
  unreadCount: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/notifications/unread-count', response: notificationUnreadSchema }),
  /** Answers with the new unread count. */
  readAll: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/notifications/read-all', response: notificationUnreadSchema }),
  /** A group's full list of people, in the order they joined. */
  actors: defineRoute({
    access: 'signedIn',
    method: 'GET',
    path: '/api/notifications/:id/actors',
    params: notificationParamsSchema,
    query: notificationPageQuerySchema,
    response: notificationActorPageSchema,
  }),
  /** Answers with the new unread count. */
  read: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/notifications/:id/read', params: notificationParamsSchema, response: notificationUnreadSchema }),
  /**
   * No sign-in: the emailed link's token is the proof. In the query string for both callers: mail
   * clients' one-click POST (RFC 8058) sends the link as it is, with a form body (never read),
   * and the unsubscribe page sends the same.
   */
  unsubscribe: defineRoute({ access: 'guest', method: 'POST', path: '/api/notifications/unsubscribe', query: unsubscribeInputSchema, response: unsubscribeResponseSchema }),
};

/** /api/me/notification-prefs: the writer's notification and email preferences. */
export const notificationPrefsContracts = {
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/notification-prefs', response: notificationPrefsSchema }),
  update: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/notification-prefs', body: notificationPrefsUpdateSchema, response: notificationPrefsSchema }),
};
