import { sql, type Kysely, type SqlBool } from 'kysely';
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
import type { Database } from '../../db/types';
import { statusWhere } from '../../shared/user-status';
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

type Db = Kysely<Database>;

export const USER_PAGE_SIZE = 25;
const DETAIL_LIST_MAX = 100;

const SUMMARY_COLUMNS = [
  'uid', 'email', 'emailVerified', 'displayName', 'name', 'admin', 'created_at', 'lastActive',
  'warnedAt', 'warning', 'limitedAt', 'suspendedAt', 'deactivatedAt', 'deleteAfter', 'deletedAt', 'awaitingApprovalSince',
] as const;

type SummaryRow = Account & { awaitingApprovalSince: string | null; created_at: string; lastActive: string; openReports: number | string | bigint | null };

/** Case-insensitive "contains" on name, display name or email; the typed text's own % and _ match themselves. */
function searchWhere(q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const like = (column: string) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  return sql<SqlBool>`(${sql.join([like('displayName'), like('name'), like('email')], sql` or `)})`;
}

const userCursor = z
  .object({ k: z.literal('users'), s: z.enum(USER_SORTS), t: cursorField.time, u: z.string().regex(USER_ID_PATTERN) })
  .strict();

function baseQuery(db: Db) {
  return db
    .selectFrom('users')
    .select(SUMMARY_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('moderationCases as mc')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('mc.targetUid', '=', 'users.uid')
        .where('mc.status', '=', 'open')
        .as('openReports'),
    );
}

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
  let q = baseQuery(ctx.db).where('deletedAt', 'is', null);
  if (query.q) q = q.where(searchWhere(query.q));
  if (query.status) q = q.where(statusWhere(query.status));
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple(column, 'uid'), '<', tuple(after.t, after.u)));
  const rows = await q.orderBy(column, 'desc').orderBy('uid', 'desc').limit(USER_PAGE_SIZE + 1).execute();
  const page = pageOf(rows, USER_PAGE_SIZE, (last) => encodeCursor({ k: 'users', s: query.sort, t: last[column], u: last.uid }));
  return { items: page.items.map((row) => summaryOf(ctx, row)), nextCursor: page.nextCursor };
}

/** GET /api/admin/users/:uid: the person, their stories (hidden ones too) and latest comments, reports made and received, actions and notes. */
export async function readUserDetail(ctx: ServerContext, viewer: AdminViewer, uid: string): Promise<AdminUserDetail> {
  const db = ctx.db;
  const row = await baseQuery(db).where('uid', '=', uid).executeTakeFirst();
  if (!row) throw notFound(USER_NOT_FOUND);
  const [stories, comments, made, received, actions] = await Promise.all([
    db
      .selectFrom('stories')
      .select(['id', 'title', 'public', 'wordCount', 'created_at'])
      .where('uid', '=', uid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DETAIL_LIST_MAX)
      .execute(),
    // Newest first through storyComments_uid (uid, created_at, id).
    db
      .selectFrom('storyComments as c')
      .innerJoin('stories as s', 's.id', 'c.storyId')
      .select(['c.id', 'c.storyId', 's.title as storyTitle', 'c.text', 'c.created_at'])
      .where('c.uid', '=', uid)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(DETAIL_LIST_MAX)
      .execute(),
    db
      .selectFrom('moderationCases')
      .selectAll()
      .where('id', 'in', (eb) => eb.selectFrom('reports').select('caseId').where('reporterUid', '=', uid))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DETAIL_LIST_MAX)
      .execute(),
    db.selectFrom('moderationCases').selectAll().where('targetUid', '=', uid).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DETAIL_LIST_MAX).execute(),
    db
      .selectFrom('moderationActions')
      .selectAll()
      .where('targetUid', '=', uid)
      .where('action', 'not in', ['assign', 'resolve', 'reopen'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DETAIL_LIST_MAX)
      .execute(),
  ]);
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
