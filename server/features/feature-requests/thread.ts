import type { Transaction } from 'kysely';
import { CONVERSATION_NOT_FOUND } from '@common/messages/messages';
import { FEATURE_REQUEST_NOT_FOUND, type AdminFeatureRequest } from '@common/feature-requests/feature-requests';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { ADMINS_TOPIC, userTopic } from '../../events/bus';
import { notFound } from '../../http/errors';
import { authorizeConversation } from '../../policy/messages';
import { authorizeFeatureRequest } from './policy';
import { viewerOf, type SignedInViewer } from '../../policy/viewer';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { newId } from '../../shared/ids';
import {
  addParticipant,
  announceConversation,
  appendMessage,
  createConversation,
  lockConversation,
  lockRequestConversation,
  markConversationRead,
  type ConversationRecord,
} from '../messages';
import {
  findAdminFeatureRequest,
  insertResponse,
  lockFeatureRequest,
  markResponsesRead,
  requestOfConversation,
  setRequestActivity,
  setRequestResponded,
  statusOf,
  threadOfRequest,
  type FeatureRequestRow,
} from './queries';
import { notify, openingWords } from '../notifications';

/*
 * A feature request's thread (docs/decisions/0011-feature-request-conversations.md): the
 * conversation between the requester and the admins who answer. Whatever is said in it,
 * from the admin panel's Respond or from /messages, is also one of the request's responses,
 * so the admin list and the thread never disagree. Every write here runs with the request
 * row locked first and the conversation second.
 */

type Trx = Transaction<Database>;
type Side = 'admin' | 'user';

/** Tells every admin's list and the requester's "My suggestions" that the request changed. */
export async function announceRequest(ctx: ServerContext, trx: Trx, request: { id: string; userUid: string }): Promise<void> {
  await ctx.bus.record(trx, ADMINS_TOPIC, 'featureRequest.changed', { featureRequestId: request.id });
  await ctx.bus.record(trx, userTopic(request.userUid), 'featureRequest.changed', { featureRequestId: request.id });
}

async function addResponse(trx: Trx, requestId: string, response: { from: string; fromType: Side; text: string; created_at: string }): Promise<string> {
  const id = newId();
  await insertResponse(trx, { id, featureRequestId: requestId, ...response });
  return id;
}

interface Posted {
  conversationId: string;
  messageId: string;
}

/**
 * An admin's answer: the response, status responded, the thread found or started (with the
 * request itself as its first message) and the reply in it, unread for the requester.
 */
async function answerAsAdmin(ctx: ServerContext, trx: Trx, request: FeatureRequestRow, admin: SessionUser, text: string, thread: ConversationRecord | null): Promise<Posted> {
  const now = new Date().toISOString();
  let conversationId: string;
  if (thread) {
    conversationId = thread.id;
    await addParticipant(trx, conversationId, admin.uid);
  } else {
    conversationId = await createConversation(trx, { type: 'feature_request', featureRequestId: request.id, participants: [request.userUid, admin.uid], at: now });
    // The requester's own words open the thread, dated when they wrote them.
    await appendMessage(trx, conversationId, { from: request.userUid, fromType: 'user', text: request.text, at: request.created_at, isFeatureRequest: true, unreadFor: [] });
  }
  const message = await appendMessage(trx, conversationId, { from: admin.uid, fromType: 'admin', text, at: now, unreadFor: [request.userUid] });
  const responseId = await addResponse(trx, request.id, { from: admin.uid, fromType: 'admin', text, created_at: message.created_at });
  await notify(ctx, trx, {
    to: request.userUid,
    type: 'feature_request_response',
    actorUid: admin.uid,
    at: message.created_at,
    link: `/messages?c=${encodeURIComponent(conversationId)}`,
    subject: openingWords(request.text, 60),
    featureRequestId: request.id,
  });
  await setRequestResponded(trx, request.id, message.created_at);
  await insertAdminLog(trx, {
    admin: logUserOf(admin),
    action: 'admin_feature_request',
    target: `featureRequests/${request.id}`,
    details: { responseId, conversationId, conversationCreated: thread === null, from: statusOf(request.status), to: 'responded', text },
  });
  await announceConversation(ctx, trx, conversationId);
  await announceRequest(ctx, trx, request);
  return { conversationId, messageId: message.id };
}

/** The requester's reply: a message unread for everyone else in the thread, and a 'user' response. */
async function replyAsRequester(ctx: ServerContext, trx: Trx, request: FeatureRequestRow, thread: ConversationRecord, text: string): Promise<Posted> {
  const message = await appendMessage(trx, thread.id, { from: request.userUid, fromType: 'user', text, at: new Date().toISOString(), unreadFor: thread.participants });
  await addResponse(trx, request.id, { from: request.userUid, fromType: 'user', text, created_at: message.created_at });
  await setRequestActivity(trx, request.id, message.created_at);
  await announceConversation(ctx, trx, thread.id);
  await announceRequest(ctx, trx, request);
  return { conversationId: thread.id, messageId: message.id };
}

/** POST /api/admin/feature-requests/:id/responses: all of it in one transaction, or nothing. */
export async function respondToFeatureRequest(ctx: ServerContext, admin: SessionUser, requestId: string, text: string): Promise<AdminFeatureRequest> {
  return ctx.db.transaction().execute(async (trx) => {
    const request = await lockFeatureRequest(trx, ctx.dialect, requestId);
    authorizeFeatureRequest(viewerOf(admin), 'respond', request);
    await answerAsAdmin(ctx, trx, request, admin, text, await lockRequestConversation(trx, ctx.dialect, request.id));
    return requireAdminView(trx, request.id);
  });
}

/**
 * A message posted in a request's thread from /messages: the requester's reply, or an
 * admin's answer (exactly as from the admin panel). Returns the message's id. The session's
 * viewer decides, not one built from the users row: REQUIRE_ADMIN_2FA may hold its admin back.
 */
export async function postInRequestThread(ctx: ServerContext, user: SessionUser, viewer: SignedInViewer, conversationId: string, text: string): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await requestOfConversation(trx, conversationId);
    const request = link?.featureRequestId ? await lockFeatureRequest(trx, ctx.dialect, link.featureRequestId) : undefined;
    const thread = request ? await lockConversation(trx, ctx.dialect, conversationId) : null;
    // Checked again under the locks: the request may have been deleted, with its thread, meanwhile.
    authorizeConversation(viewer, 'reply', thread);
    if (!request || thread.featureRequestId !== request.id) throw notFound(CONVERSATION_NOT_FOUND);
    if (request.userUid === user.uid) return (await replyAsRequester(ctx, trx, request, thread, text)).messageId;
    authorizeFeatureRequest(viewer, 'respond', request);
    return (await answerAsAdmin(ctx, trx, request, user, text, thread)).messageId;
  });
}

/**
 * Someone read the request's thread: the conversation is read for them, and the other
 * side's responses are read (an admin reading clears "unread user reply" for every admin).
 */
async function markThreadRead(ctx: ServerContext, trx: Trx, request: { id: string; userUid: string }, conversationId: string | null, reader: SignedInViewer): Promise<void> {
  const otherSide: Side = reader.uid === request.userUid ? 'admin' : 'user';
  const responsesRead = await markResponsesRead(trx, request.id, otherSide);
  if (conversationId) await markConversationRead(ctx, trx, conversationId, reader.uid);
  if (responsesRead > 0) await ctx.bus.record(trx, ADMINS_TOPIC, 'featureRequest.changed', { featureRequestId: request.id });
}

/** POST /api/conversations/:id/read on a request's thread (the viewer may read it: checked by the caller). */
export async function markRequestThreadRead(ctx: ServerContext, reader: SignedInViewer, conversation: { id: string; featureRequestId: string | null }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // The request row first, as every write to a request's thread takes it (see the top of this file).
    const request = conversation.featureRequestId ? await lockFeatureRequest(trx, ctx.dialect, conversation.featureRequestId) : undefined;
    if (request) await markThreadRead(ctx, trx, request, conversation.id, reader);
    else await markConversationRead(ctx, trx, conversation.id, reader.uid);
  });
}

/**
 * POST /api/admin/feature-requests/:id/read: the admin has seen the requester's replies. The
 * request row is locked first, as by every other write to it: a delete at the same moment
 * (which announces the thread's end before it deletes the rows this marks) then waits for this
 * or this for it, instead of each holding what the other needs.
 */
export async function markRequestRead(ctx: ServerContext, admin: SessionUser, requestId: string): Promise<AdminFeatureRequest> {
  const viewer = viewerOf(admin);
  return ctx.db.transaction().execute(async (trx) => {
    const request = await lockFeatureRequest(trx, ctx.dialect, requestId);
    authorizeFeatureRequest(viewer, 'markRead', request);
    const thread = await threadOfRequest(trx, request.id);
    await markThreadRead(ctx, trx, request, thread?.id ?? null, viewer);
    return requireAdminView(trx, request.id);
  });
}

export async function requireAdminView(trx: Trx, id: string): Promise<AdminFeatureRequest> {
  const view = await findAdminFeatureRequest(trx, id);
  if (!view) throw notFound(FEATURE_REQUEST_NOT_FOUND);
  return view;
}
