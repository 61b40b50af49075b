import { z } from 'zod';
import { USER_ID_PATTERN } from '@common/stories/story';
import {
  USER_SORTS,
  userStatus,
  type adminUsersQuerySchema,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserSummary,
} from '@common/moderation/moderation';
import type { ServerContext } from '../../context';
import { fromDbBool } from '../../db/bool';
import { badRequest, notFound } from '../../http/errors';
import { allowedAccountActions, removableBy } from '../../policy/moderation';
import { USER_NOT_FOUND } from '../../policy/profiles';
import type { AdminViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { isOwner } from '../../shared/users';
import { targetOf, type Account } from './account';
import { actionItems, summarize } from './queries';
import { findUserSummaryRow, userDetailLists, userSummaryRows } from './queries/users';

export const USER_PAGE_SIZE = 25;
const DETAIL_LIST_MAX = 100;

type SummaryRow = Account & { awaitingApprovalSince: string | null; created_at: string; lastActive: string; openReports: number | string | bigint | null };

const userCursor = z
  .object({ k: z.literal('users'), s: z.enum(USER_SORTS), t: cursorField.time, u: z.string().regex(USER_ID_PATTERN) })
  .strict();

function summaryOf(ctx: ServerContext, row: SummaryRow): AdminUserSummary {
  return {
    uid: row.uid,
    displayName: authorName(row),
    email: row.email,
    status: userStatus(row),
    admin: fromDbBool(row.admin),
    owner: isOwner(row.email, fromDbBool(row.emailVerified), ctx.config.adminEmail),
    created_at: row.created_at,
    lastActive: row.lastActive,
    openReports: Number(row.openReports ?? 0),
  };
}

/** GET /api/admin/users: search, filter by status, newest joined or most recently active first; deleted accounts' tombstones are left out. */
export async function listUsers(ctx: ServerContext, query: z.infer<typeof adminUsersQuerySchema>): Promise<AdminUserList> {
  const after = decodeCursor(userCursor, query.cursor);
  if (after && after.s !== query.sort) throw badRequest('This list has changed. Please reload it.', 'invalid_cursor');
  const column = query.sort === 'joined' ? 'created_at' : 'lastActive';
  const rows = await userSummaryRows(ctx.db, { q: query.q, status: query.status, column, after: after && { t: after.t, u: after.u }, limit: USER_PAGE_SIZE + 1 });
  const page = pageOf(rows, USER_PAGE_SIZE, (last) => encodeCursor({ k: 'users', s: query.sort, t: last[column], u: last.uid }));
  return { items: page.items.map((row) => summaryOf(ctx, row)), nextCursor: page.nextCursor };
}

/** GET /api/admin/users/:uid: the person, their stories (hidden ones too) and latest comments, reports made and received, actions and notes. */
export async function readUserDetail(ctx: ServerContext, viewer: AdminViewer, uid: string): Promise<AdminUserDetail> {
  const db = ctx.db;
  const row = await findUserSummaryRow(db, uid);
  if (!row) throw notFound(USER_NOT_FOUND);
  const [stories, comments, made, received, actions] = await userDetailLists(db, uid, DETAIL_LIST_MAX);
  return {
    ...summaryOf(ctx, row),
    warning: row.warning,
    warnedAt: row.warnedAt,
    limitedAt: row.limitedAt,
    suspendedAt: row.suspendedAt,
    deactivatedAt: row.deactivatedAt,
    deleteAfter: row.deleteAfter,
    stories: stories.map((s) => ({ id: s.id, title: s.title, public: fromDbBool(s.public), wordCount: Number(s.wordCount), created_at: s.created_at })),
    comments,
    canRemoveContent: !row.deletedAt && removableBy(viewer, row),
    reportsMade: await summarize(db, made),
    reportsReceived: await summarize(db, received),
    actions: await actionItems(db, actions),
    // A deleted account's tombstone is history only: nothing more can be done to it.
    allowedActions: row.deletedAt ? [] : allowedAccountActions(viewer, targetOf(ctx, row), new Date()),
  };
}
