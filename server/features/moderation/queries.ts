import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import {
  CASE_OUTCOMES,
  CASE_STATUSES,
  MODERATION_ACTIONS,
  REPORT_CATEGORIES,
  REPORT_TARGET_TYPES,
  reportSnapshotSchema,
  type CaseList,
  type CaseOutcome,
  type CaseStatus,
  type CaseSummary,
  type ModerationActionItem,
  type OpenReportCounts,
  type PersonRef,
  type ReportCategory,
  type ReportSnapshot,
} from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import type { Dialect } from '../../db/database';
import type { Database, ModerationActionsTable, ModerationCasesTable } from '../../db/types';
import { badRequest } from '../../http/errors';
import { authorName } from '../../shared/author';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;
export type CaseRow = Selectable<ModerationCasesTable>;

export const CASE_PAGE_SIZE = 20;
const EXCERPT_MAX = 200;

interface NameRow {
  uid: string;
  displayName: string | null;
  name: string;
  deletedAt: string | null;
}

/** People as admins see them by name; a deleted account's tombstone is "Deleted user". */
export async function peopleByUid(db: Db, uids: Iterable<string>): Promise<Map<string, PersonRef>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const rows: NameRow[] = await db.selectFrom('users').select(['uid', 'displayName', 'name', 'deletedAt']).where('uid', 'in', unique).execute();
  const found = new Map(rows.map((r) => [r.uid, { uid: r.uid, name: r.deletedAt ? YOUR_DATA_TEXTS.deletedUser : authorName(r) }]));
  // The author of a reply from another server is its account (its actor URI): named by its handle.
  const others = unique.filter((uid) => !found.has(uid));
  if (others.length > 0) {
    const accounts = await db.selectFrom('remoteActors').select(['uri', 'handle']).where('uri', 'in', others).execute();
    for (const a of accounts) found.set(a.uri, { uid: a.uri, name: a.handle });
  }
  for (const uid of unique) if (!found.has(uid)) found.set(uid, { uid, name: YOUR_DATA_TEXTS.deletedUser });
  return found;
}

const person = (people: Map<string, PersonRef>, uid: string): PersonRef => people.get(uid) ?? { uid, name: YOUR_DATA_TEXTS.deletedUser };

/** The stored snapshot; a row the reports feature wrote always parses, but an unreadable one must not break the queue. */
export function snapshotOf(row: Pick<CaseRow, 'snapshot' | 'targetType' | 'targetId' | 'targetUid' | 'created_at'>): ReportSnapshot {
  try {
    const parsed = reportSnapshotSchema.safeParse(JSON.parse(row.snapshot));
    if (parsed.success) return parsed.data;
  } catch {
    // Fall through to an empty snapshot.
  }
  const targetType = REPORT_TARGET_TYPES.find((t) => t === row.targetType) ?? 'story';
  return { targetType, targetId: row.targetId, authorUid: row.targetUid, authorName: '', capturedAt: row.created_at, text: '' };
}

function excerptOf(snapshot: ReportSnapshot): string {
  const text = [snapshot.title, snapshot.text].filter((part) => part).join(' — ').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
}

const asStatus = (value: string): CaseStatus => CASE_STATUSES.find((s) => s === value) ?? 'open';
const asOutcome = (value: string | null) => CASE_OUTCOMES.find((o) => o === value) ?? null;
const asCategory = (value: string): ReportCategory | undefined => REPORT_CATEGORIES.find((c) => c === value);

/** Summaries of these cases as the queue shows them: names, reasons counted per category, an excerpt. */
export async function summarize(db: Db, rows: CaseRow[]): Promise<CaseSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [people, counts] = await Promise.all([
    peopleByUid(db, rows.flatMap((r) => (r.assignedTo ? [r.targetUid, r.assignedTo] : [r.targetUid]))),
    db
      .selectFrom('reports')
      .select(['caseId', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('caseId', 'in', ids)
      .groupBy(['caseId', 'category'])
      .execute(),
  ]);
  const categories = new Map<string, Partial<Record<ReportCategory, number>>>();
  for (const c of counts) {
    const category = asCategory(c.category);
    if (!category) continue;
    const entry = categories.get(c.caseId) ?? {};
    entry[category] = Number(c.n);
    categories.set(c.caseId, entry);
  }
  return rows.map((r) => {
    const targetType = REPORT_TARGET_TYPES.find((t) => t === r.targetType) ?? 'story';
    return {
      id: r.id,
      targetType,
      targetId: r.targetId,
      target: person(people, r.targetUid),
      status: asStatus(r.status),
      outcome: asOutcome(r.outcome),
      reportsCount: Number(r.reportsCount),
      categories: categories.get(r.id) ?? {},
      excerpt: excerptOf(snapshotOf(r)),
      assignedTo: r.assignedTo ? person(people, r.assignedTo) : null,
      version: Number(r.version),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

const caseCursor = z.object({ k: z.literal('cases'), s: z.enum(CASE_STATUSES), u: cursorField.time, i: cursorField.id }).strict();

/** The queue, most recently changed first, a page at a time (keyset on updated_at, id), with the number of open cases. */
export async function listCases(db: Db, status: CaseStatus, cursor: string | undefined): Promise<CaseList> {
  const after = decodeCursor(caseCursor, cursor);
  // A cursor from the other tab is refused like any stale one.
  if (after && after.s !== status) throw badRequest('This list has changed. Please reload it.', 'invalid_cursor');
  let q = db.selectFrom('moderationCases').selectAll().where('status', '=', status);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('updated_at', 'id'), '<', tuple(after.u, after.i)));
  const [rows, open] = await Promise.all([
    q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(CASE_PAGE_SIZE + 1).execute(),
    db.selectFrom('moderationCases').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow(),
  ]);
  const page = pageOf(rows, CASE_PAGE_SIZE, (last) => encodeCursor({ k: 'cases', s: status, u: last.updated_at, i: last.id }));
  return { items: await summarize(db, page.items), nextCursor: page.nextCursor, openCount: Number(open.n) };
}

export function findCase(db: Db, id: string): Promise<CaseRow | undefined> {
  return db.selectFrom('moderationCases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The case row, held until commit on PostgreSQL (SQLite's write transactions already run one at a time). */
export function lockCase(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<CaseRow | undefined> {
  return trx
    .selectFrom('moderationCases')
    .selectAll()
    .where('id', '=', id)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** Actions stored for a case or a person, with the admins' names. */
export async function actionItems(db: Db, rows: Array<Selectable<ModerationActionsTable>>): Promise<ModerationActionItem[]> {
  const people = await peopleByUid(db, rows.map((r) => r.adminUid));
  return rows.flatMap((r) => {
    const action = MODERATION_ACTIONS.find((a) => a === r.action);
    if (!action) return [];
    return [{ id: r.id, caseId: r.caseId, targetUid: r.targetUid, action, reason: r.reason, outcome: asOutcome(r.outcome), subject: r.subject, admin: person(people, r.adminUid), created_at: r.created_at }];
  });
}

/** Open reports, in all and per kind of reported thing (GET /api/admin/reports/counts: the dashboard). */
export async function openReportCounts(db: Db): Promise<OpenReportCounts> {
  const rows = await db
    .selectFrom('moderationCases')
    .select(['targetType', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'open')
    .groupBy('targetType')
    .execute();
  const byType = Object.fromEntries(REPORT_TARGET_TYPES.map((type) => [type, 0])) as OpenReportCounts['byType'];
  for (const row of rows) {
    const type = REPORT_TARGET_TYPES.find((t) => t === row.targetType);
    if (type) byType[type] = Number(row.n);
  }
  return { open: Object.values(byType).reduce((sum, n) => sum + n, 0), byType };
}

/** The open case about this thing (at most one: the partial unique index), held until commit on PostgreSQL. */
export function lockOpenCaseOn(trx: Transaction<Database>, dialect: Dialect, targetType: string, targetId: string): Promise<CaseRow | undefined> {
  return trx
    .selectFrom('moderationCases')
    .selectAll()
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}
/** Actions on the account itself (the user page's history and a case's "account actions"). */
export const ACCOUNT_HISTORY = ['warn', 'limit', 'unlimit', 'suspend', 'unsuspend', 'delete', 'note'] as const;

/* A person's account, as moderation reads and changes it (account.ts decides). */

const ACCOUNT_COLUMNS = [
  'uid', 'email', 'emailVerified', 'displayName', 'name', 'admin', 'warnedAt', 'warning', 'limitedAt', 'suspendedAt', 'deactivatedAt', 'deleteAfter', 'deletedAt',
] as const;

/** A person's account as moderation reads it. */
export interface Account {
  uid: string;
  email: string;
  emailVerified: number | boolean;
  displayName: string | null;
  name: string;
  admin: number | boolean;
  warnedAt: string | null;
  warning: string | null;
  limitedAt: string | null;
  suspendedAt: string | null;
  deactivatedAt: string | null;
  deleteAfter: string | null;
  deletedAt: string | null;
}

/**
 * The account's row, held until commit on PostgreSQL. Every moderation write takes the
 * person's row before a case's, so two admins acting on a person and on a case about them
 * queue up instead of deadlocking.
 */
export function lockAccount(trx: Transaction<Database>, dialect: Dialect, uid: string): Promise<Account | undefined> {
  return trx
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** The account's row, unlocked. */
export function findAccount(db: Db, uid: string): Promise<Account | undefined> {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('uid', '=', uid).executeTakeFirst();
}

export async function updateAccountState(trx: Db, uid: string, values: Partial<Pick<Account, 'warnedAt' | 'warning' | 'limitedAt' | 'suspendedAt' | 'deleteAfter'>>): Promise<void> {
  await trx.updateTable('users').set(values).where('uid', '=', uid).execute();
}

export async function insertModerationAction(trx: Db, row: Insertable<ModerationActionsTable>): Promise<void> {
  await trx.insertInto('moderationActions').values(row).execute();
}

/* A case's life: its version, resolution and reopening (resolve.ts decides). */

/** Bumps the case's version and moves it up the queue, with any change to it. */
export async function bumpCase(trx: Db, id: string, at: string, change: { assignedTo?: string } = {}): Promise<void> {
  await trx
    .updateTable('moderationCases')
    .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/** Whether any of the case's actions, reopenings included, is one of `actions`. */
export async function caseHasActionIn(trx: Db, caseId: string, actions: readonly string[]): Promise<boolean> {
  const taken = await trx.selectFrom('moderationActions').select('id').where('caseId', '=', caseId).where('action', 'in', actions).executeTakeFirst();
  return taken !== undefined;
}

export async function markCaseResolved(trx: Db, id: string, resolution: { outcome: CaseOutcome; resolvedBy: string; at: string }): Promise<void> {
  const { outcome, resolvedBy, at } = resolution;
  await trx
    .updateTable('moderationCases')
    .set((eb) => ({ status: 'resolved', outcome, resolvedBy, resolvedAt: at, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/** The open case about this thing, if any (unlocked). */
export function findOpenCaseOn(trx: Db, targetType: string, targetId: string) {
  return trx
    .selectFrom('moderationCases')
    .select('id')
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function markCaseReopened(trx: Db, id: string, at: string): Promise<void> {
  await trx
    .updateTable('moderationCases')
    .set((eb) => ({ status: 'open', outcome: null, resolvedBy: null, resolvedAt: null, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

/** Every open case about the person, held until commit on PostgreSQL, in id order. */
export function lockOpenCasesOf(trx: Db, dialect: Dialect, uid: string): Promise<CaseRow[]> {
  return trx
    .selectFrom('moderationCases')
    .selectAll()
    .where('targetUid', '=', uid)
    .where('status', '=', 'open')
    .orderBy('id')
    .$call(forUpdate(dialect))
    .execute();
}

/* A case's page (cases.ts). */

/** The case's reports, oldest first. */
export function reportsOfCase(db: Db, caseId: string) {
  return (
    db
      .selectFrom('reports as r')
      // A report from another server names the account that sent it, as last fetched.
      .leftJoin('remoteActors as a', 'a.uri', 'r.reporterActor')
      .select(['r.id', 'r.reporterUid', 'r.reporterServer', 'r.reporterActor', 'a.handle as reporterHandle', 'r.category', 'r.note', 'r.created_at'])
      .where('r.caseId', '=', caseId)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .execute()
  );
}

/** The case's actions, oldest first. */
export function actionsOfCase(db: Db, caseId: string) {
  return db.selectFrom('moderationActions').selectAll().where('caseId', '=', caseId).orderBy('created_at').orderBy('id').execute();
}

/** The reported person's account state now. */
export function accountStateOf(db: Db, uid: string) {
  return db.selectFrom('users').select(['suspendedAt', 'deactivatedAt', 'limitedAt', 'warnedAt']).where('uid', '=', uid).executeTakeFirst();
}

/** Other cases about the person, newest first. */
export function otherCasesAbout(db: Db, uid: string, exceptId: string, limit: number) {
  return db
    .selectFrom('moderationCases')
    .selectAll()
    .where('targetUid', '=', uid)
    .where('id', '!=', exceptId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Actions on the person's account itself (ACCOUNT_HISTORY), newest first. */
export function accountHistoryOf(db: Db, uid: string, limit: number) {
  return db
    .selectFrom('moderationActions')
    .selectAll()
    .where('targetUid', '=', uid)
    .where('action', 'in', ACCOUNT_HISTORY)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The members who reported the case, once each (a server that sent a Flag has no uid). */
export function memberReportersOf(trx: Db, caseId: string) {
  return trx
    .selectFrom('reports')
    .select('reporterUid')
    .distinct()
    .where('caseId', '=', caseId)
    .where('reporterUid', 'is not', null)
    .$narrowType<{ reporterUid: string }>()
    .execute();
}

/* What a removal takes down, described before it goes, and whose it is (removal.ts). */

export function findStoryTitle(trx: Db, id: string) {
  return trx.selectFrom('stories').select('title').where('id', '=', id).executeTakeFirst();
}

/** A comment's text with its story's title: a local comment's, else a reply from another server's. */
export async function findCommentWithStoryTitle(trx: Db, id: string) {
  return (
    (await trx.selectFrom('storyComments as c').leftJoin('stories as s', 's.id', 'c.storyId').select(['c.text', 'c.storyId', 's.title']).where('c.id', '=', id).executeTakeFirst()) ??
    // A reply from another server.
    (await trx.selectFrom('remoteReplies as c').leftJoin('stories as s', 's.id', 'c.storyId').select(['c.text', 'c.storyId', 's.title']).where('c.id', '=', id).executeTakeFirst())
  );
}

export function findMessageWithConversation(trx: Db, id: string) {
  return trx.selectFrom('conversationMessages').select(['text', 'conversationId']).where('id', '=', id).executeTakeFirst();
}

/** Whose story or comment this is (a reply from another server: its account's actor URI), or undefined when there is none. */
export async function authorOfContent(db: Db, targetType: 'story' | 'comment', targetId: string): Promise<string | undefined> {
  if (targetType === 'story') return (await db.selectFrom('stories').select('uid').where('id', '=', targetId).executeTakeFirst())?.uid;
  const comment = await db.selectFrom('storyComments').select('uid').where('id', '=', targetId).executeTakeFirst();
  if (comment) return comment.uid;
  return (await db.selectFrom('remoteReplies').select('actorUri').where('id', '=', targetId).executeTakeFirst())?.actorUri;
}
