import { sql, type Kysely, type SqlBool } from 'kysely';
import type { UserStatus } from '@common/moderation/moderation';
import type { Database } from '../../../db/types';
import { statusWhere } from '../../../shared/user-status';

/* The admin's people list and a person's page (users.ts), as read. */

type Db = Kysely<Database>;

const SUMMARY_COLUMNS = [
  'uid', 'email', 'emailVerified', 'displayName', 'name', 'admin', 'created_at', 'lastActive',
  'warnedAt', 'warning', 'limitedAt', 'suspendedAt', 'deactivatedAt', 'deleteAfter', 'deletedAt', 'awaitingApprovalSince',
] as const;

/** Case-insensitive "contains" on name, display name or email; the typed text's own % and _ match themselves. */
function searchWhere(q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const like = (column: string) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  return sql<SqlBool>`(${sql.join([like('displayName'), like('name'), like('email')], sql` or `)})`;
}

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

/** A page of the people list: deleted accounts' tombstones left out, newest `column` first, after the cursor's (column, uid). */
export function userSummaryRows(
  db: Db,
  { q, status, column, after, limit }: { q?: string | undefined; status?: UserStatus | undefined; column: 'created_at' | 'lastActive'; after: { t: string; u: string } | null; limit: number },
) {
  let query = baseQuery(db).where('deletedAt', 'is', null);
  if (q) query = query.where(searchWhere(q));
  if (status) query = query.where(statusWhere(status));
  if (after) query = query.where(({ eb, refTuple, tuple }) => eb(refTuple(column, 'uid'), '<', tuple(after.t, after.u)));
  return query.orderBy(column, 'desc').orderBy('uid', 'desc').limit(limit).execute();
}

/** One person's row as the list shows it, with their open reports; tombstones too. */
export function findUserSummaryRow(db: Db, uid: string) {
  return baseQuery(db).where('uid', '=', uid).executeTakeFirst();
}

/** A person's stories (hidden ones too), latest comments, reports made and received, and actions and notes, newest first, at most `limit` of each. */
export function userDetailLists(db: Db, uid: string, limit: number) {
  return Promise.all([
    db
      .selectFrom('stories')
      .select(['id', 'title', 'public', 'wordCount', 'created_at'])
      .where('uid', '=', uid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    // Newest first through storyComments_uid (uid, created_at, id).
    db
      .selectFrom('storyComments as c')
      .innerJoin('stories as s', 's.id', 'c.storyId')
      .select(['c.id', 'c.storyId', 's.title as storyTitle', 'c.text', 'c.created_at'])
      .where('c.uid', '=', uid)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('moderationCases')
      .selectAll()
      .where('id', 'in', (eb) => eb.selectFrom('reports').select('caseId').where('reporterUid', '=', uid))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('moderationCases').selectAll().where('targetUid', '=', uid).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db
      .selectFrom('moderationActions')
      .selectAll()
      .where('targetUid', '=', uid)
      .where('action', 'not in', ['assign', 'resolve', 'reopen'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
}
