import { FEATURE_REQUEST_STATUS_LABELS, type AdminFeatureRequest, type FeatureRequestStatus } from '@common/feature-requests/feature-requests';
import type { ServerContext, SessionUser } from '../../context';
import { authorizeFeatureRequest } from './policy';
import { viewerOf } from '../../policy/viewer';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { deleteConversation, lockRequestConversation } from '../messages';
import { notify, openingWords } from '../notifications';
import { countResponses, deleteRequestRow, lockFeatureRequest, setRequestStatus, statusOf, threadOfRequest } from './queries';
import { announceRequest, requireAdminView } from './thread';

/*
 * The admin panel's changes to a request. Each runs in one transaction with the request
 * locked, writes its adminLogs row in it, and tells every admin and the requester.
 */

/** Sets the status (and lastActivity). Setting the status it already has changes and logs nothing. */
export async function changeStatus(ctx: ServerContext, admin: SessionUser, id: string, status: FeatureRequestStatus): Promise<AdminFeatureRequest> {
  return ctx.db.transaction().execute(async (trx) => {
    const request = await lockFeatureRequest(trx, ctx.dialect, id);
    authorizeFeatureRequest(viewerOf(admin), 'changeStatus', request);
    if (request.status !== status) {
      await setRequestStatus(trx, id, status, new Date().toISOString());
      await insertAdminLog(trx, {
        admin: logUserOf(admin),
        action: 'feature_request_status',
        target: `featureRequests/${id}`,
        details: { from: statusOf(request.status), to: status },
      });
      await announceRequest(ctx, trx, request);
      const thread = await threadOfRequest(trx, id);
      await notify(ctx, trx, {
        to: request.userUid,
        type: 'feature_request_status',
        actorUid: admin.uid,
        at: new Date().toISOString(),
        link: thread ? `/messages?c=${encodeURIComponent(thread.id)}` : '/messages',
        subject: openingWords(request.text, 60),
        detail: FEATURE_REQUEST_STATUS_LABELS[status],
        featureRequestId: id,
      });
    }
    return requireAdminView(trx, id);
  });
}

/**
 * Deletes the request, its responses and its thread. The thread goes too: it opens with the
 * request's own text and exists only to discuss it, so keeping it would keep what the admin
 * removed, and replies there would reach no admin list.
 */
export async function deleteFeatureRequest(ctx: ServerContext, admin: SessionUser, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const request = await lockFeatureRequest(trx, ctx.dialect, id);
    authorizeFeatureRequest(viewerOf(admin), 'delete', request);
    const thread = await lockRequestConversation(trx, ctx.dialect, id);
    if (thread) await deleteConversation(ctx, trx, thread.id);
    const responseCount = await countResponses(trx, id);
    await deleteRequestRow(trx, id);
    // The request is gone: the entry keeps who asked and how far it got, not what they wrote.
    await insertAdminLog(trx, {
      admin: logUserOf(admin),
      action: 'feature_request_deleted',
      target: `featureRequests/${id}`,
      details: {
        requester: { uid: request.userUid, displayName: request.userDisplayName, email: request.userEmail },
        status: statusOf(request.status),
        created_at: request.created_at,
        responseCount,
        conversationId: thread?.id ?? null,
      },
    });
    await announceRequest(ctx, trx, request);
  });
}
