import crypto from 'node:crypto';
import { NOTIFICATION_PREVIEW_LENGTH, type FeatureRequest } from '@common/feature-requests/feature-requests';
import type { ServerContext, SessionUser } from '../../context';
import { ADMINS_TOPIC } from '../../events/bus';
import { insertSystemLog, logUserOf } from '../../shared/audit-log';
import { insertNotification } from '../notifications';
import { insertFeatureRequest } from './queries';

/**
 * Stores a suggestion as a 'new' feature request, writes its system log entry, the admin
 * notification and the live event that tells open admin tabs, all in one transaction.
 */
export async function submitFeatureRequest(ctx: ServerContext, user: SessionUser, text: string): Promise<FeatureRequest> {
  const now = new Date().toISOString();
  const request: FeatureRequest = {
    id: crypto.randomUUID(),
    text,
    user: { uid: user.uid, displayName: user.displayName, email: user.email },
    status: 'new',
    created_at: now,
    lastActivity: now,
    hasAdminResponse: false,
  };
  const notification = {
    id: crypto.randomUUID(),
    to: 'admin',
    type: 'feature_request',
    message: text.slice(0, NOTIFICATION_PREVIEW_LENGTH),
    link: '/admin/feature-requests',
    created_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertFeatureRequest(trx, {
      id: request.id,
      text,
      userUid: user.uid,
      userDisplayName: user.displayName,
      userEmail: user.email,
      status: 'new',
      created_at: now,
      lastActivity: now,
      hasAdminResponse: 0,
    });
    await insertSystemLog(trx, {
      type: 'feature_request',
      action: 'submit',
      user: logUserOf(user),
      resource: `featureRequests/${request.id}`,
      details: { text },
      source: 'web',
    });
    await insertNotification(trx, { ...notification, at: now, data: { text }, group: null });
    await ctx.bus.record(trx, ADMINS_TOPIC, 'notification.created', { notification: { ...notification, read: false, data: { text } } });
  });
  return request;
}
