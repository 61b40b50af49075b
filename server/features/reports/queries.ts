import type { Insertable, Kysely } from 'kysely';
import type { ReportTargetType } from '@common/moderation/moderation';
import type { Dialect } from '../../db/database';
import type { Database, ModerationCasesTable, ReportsTable } from '../../db/types';
import { forUpdate } from '../../db/locks';
import { HIDING_COLUMNS } from '../../policy/profiles';
import { PROFILE_FIELDS } from './profile-fields';

type Db = Kysely<Database>;

/** The report, unless this reporter already reported the thing (undefined then). */
export function insertReportOnce(db: Db, row: Insertable<ReportsTable>) {
  return (
    db
      .insertInto('reports')
      .values(row)
      // Only reports_once(_server) can conflict (the id is new): a second report by the same reporter, or a concurrent twin.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  );
}

/** How many reports the case has. */
export async function countCaseReports(db: Db, caseId: string): Promise<number> {
  const counted = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('caseId', '=', caseId)
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The case's reportsCount becomes `reportsCount`, and it gets a new version. */
export async function recountCaseReports(db: Db, caseId: string, reportsCount: number, now: string): Promise<void> {
  await db
    .updateTable('moderationCases')
    .set((eb) => ({ reportsCount, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', caseId)
    .execute();
}

/** Opens a case, unless the thing has an open one (the partial unique index `moderationCases_open_target`). */
export async function insertCaseUnlessOpen(db: Db, row: Insertable<ModerationCasesTable>): Promise<void> {
  await db
    .insertInto('moderationCases')
    .values(row)
    // No conflict target: PostgreSQL cannot infer a partial index from a parameterised predicate, and the id is new.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The thing's open case, its row held until commit (PostgreSQL). */
export function lockedOpenCase(trx: Db, dialect: Dialect, targetType: ReportTargetType, targetId: string) {
  return trx
    .selectFrom('moderationCases')
    .select('id')
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** Which of these things (of one type) the reader has reported (`reports_once`'s columns). */
export async function reportedTargetIds(db: Db, uid: string, targetType: ReportTargetType, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('targetId')
    .where('reporterUid', '=', uid)
    .where('targetType', '=', targetType)
    .where('targetId', 'in', ids)
    .execute();
  return rows.map((r) => r.targetId);
}

interface NameRow {
  uid: string;
  displayName: string | null;
  name: string;
  deletedAt: string | null;
}

/** What names these writers (never the email), and whether their account is deleted. */
export function nameRowsOf(db: Db, uids: readonly string[]): Promise<NameRow[]> {
  return db.selectFrom('users').select(['uid', 'displayName', 'name', 'deletedAt']).where('uid', 'in', uids).execute();
}

/** The story's fields a snapshot keeps, and what its policy asks. */
export function storyForSnapshot(db: Db, storyId: string) {
  return db.selectFrom('stories').select(['id', 'uid', 'title', 'content', 'public', 'authorState']).where('id', '=', storyId).executeTakeFirst();
}

/** A reply from another server, with its account's handle. */
export function remoteReplyForSnapshot(db: Db, id: string) {
  return db
    .selectFrom('remoteReplies as r')
    .innerJoin('remoteActors as a', 'a.uri', 'r.actorUri')
    .select(['r.storyId', 'r.actorUri', 'r.text', 'r.held', 'a.handle'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export function commentForSnapshot(db: Db, id: string) {
  return db.selectFrom('storyComments').select(['id', 'storyId', 'uid', 'text']).where('id', '=', id).executeTakeFirst();
}

/** The profile's name, what hides an account, and its fields (PROFILE_FIELDS). */
export function profileForSnapshot(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'displayName', 'name', ...HIDING_COLUMNS, ...PROFILE_FIELDS.map(([field]) => field)])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

const MESSAGE_COLUMNS = ['id', 'conversationId', 'from', 'text', 'created_at', 'deletedAt'] as const;

export function messageForSnapshot(db: Db, id: string) {
  return db.selectFrom('conversationMessages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Whether the reader hid the message for themselves. */
export function messageHiddenFor(db: Db, messageId: string, uid: string) {
  return db.selectFrom('conversationMessageHides').select('uid').where('messageId', '=', messageId).where('uid', '=', uid).executeTakeFirst();
}

/**
 * Up to `limit` messages of the thread just before (newest first) or just after (oldest
 * first) `message`. The thread's order is (created_at, id), as the conversation pages read it.
 */
export function messagesAround(db: Db, message: { conversationId: string; created_at: string; id: string }, side: 'before' | 'after', limit: number) {
  const inThread = db.selectFrom('conversationMessages').select(MESSAGE_COLUMNS).where('conversationId', '=', message.conversationId);
  return side === 'before'
    ? inThread
        .where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(message.created_at, message.id)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    : inThread
        .where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '>', tuple(message.created_at, message.id)))
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
}
