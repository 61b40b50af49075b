import type { Kysely } from 'kysely';
import { REPORT_TEXTS, type ReportCategory, type ReportCreated, type ReportTargetType } from '@common/moderation/moderation';
import type { Reported } from '@common/reports/report-state';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { ADMINS_TOPIC } from '../../events/bus';
import { AppError, badRequest, conflict } from '../../http/errors';
import type { SignedInViewer } from '../../policy/viewer';
import { newId } from '../../shared/ids';
import { captureTarget, type CapturedTarget } from './snapshot';
import { countCaseReports, insertCaseUnlessOpen, insertReportOnce, lockedOpenCase, recountCaseReports, reportedTargetIds } from './queries';

type Db = Kysely<Database>;

export interface NewReport {
  targetType: ReportTargetType;
  targetId: string;
  category: ReportCategory;
  note: string;
}

/**
 * A reader reports a story, comment, profile or message. The snapshot is what they
 * see now (snapshot.ts: 404 when it is not theirs to see); one's own content is refused. Then
 * `fileReport`. (How often a reader may report: LIMITS.reports, on the route.)
 */
export async function createReport(ctx: ServerContext, viewer: SignedInViewer, input: NewReport): Promise<ReportCreated> {
  const now = new Date().toISOString();
  const target = await captureTarget(ctx.db, viewer, input.targetType, input.targetId, now);
  if (target.authorUid === viewer.uid) throw badRequest(REPORT_TEXTS.cannotReportOwn, 'cannot_report_own');
  const reportId = await fileReport(ctx, { reporterUid: viewer.uid, reporterServer: null, reporterActor: null }, input, target, now);
  return { message: REPORT_TEXTS.submitted, reportId };
}

/** Another server, as the reporter of what it sends a `Flag` about. */
export interface ReportingServer {
  /** Its host (the unit of "one report per reporter per thing"). */
  server: string;
  /** The URI of its account that sent the Flag. */
  actor: string;
}

/** Anyone at all: owns nothing, blocks nobody, sees what is public. What another server may have seen. */
const THE_PUBLIC: SignedInViewer = { uid: '', admin: false };

/**
 * Another server reports one of ours (an ActivityPub Flag: federation/flags.ts). Its snapshot
 * is what anyone may see now; then the same `fileReport` as a reader's. Answers false, filing
 * nothing, when the thing is not there for the public or that server already reported it.
 */
export async function createServerReport(ctx: Pick<ServerContext, 'db' | 'dialect' | 'bus'>, from: ReportingServer, input: NewReport): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    const target = await captureTarget(ctx.db, THE_PUBLIC, input.targetType, input.targetId, now);
    await fileReport(ctx, { reporterUid: null, reporterServer: from.server, reporterActor: from.actor }, input, target, now);
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.status === 409)) return false;
    throw err;
  }
}

/**
 * In one transaction: the open case for the thing (found, or created by the first report), this
 * reporter's one report (the unique indexes `reports_once` and `reports_once_server` decide a
 * race), the case's exact reportsCount and a new version, and `moderation.changed` to every
 * admin so queues refresh. 409 when this reporter already reported the thing.
 */
async function fileReport(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'bus'>,
  reporter: { reporterUid: string | null; reporterServer: string | null; reporterActor: string | null },
  input: NewReport,
  target: CapturedTarget,
  now: string,
): Promise<string> {
  const reportId = newId();
  await ctx.db.transaction().execute(async (trx) => {
    const caseId = await lockOpenCase(trx, ctx.dialect, input, target, now);
    const inserted = await insertReportOnce(trx, {
      id: reportId,
      caseId,
      ...reporter,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUid: target.authorUid,
      category: input.category,
      note: input.note,
      snapshot: JSON.stringify(target.snapshot),
      created_at: now,
    });
    // Thrown inside the transaction so a case this request just opened goes with it.
    if (!inserted) throw conflict(REPORT_TEXTS.alreadyReported);
    await recountCaseReports(trx, caseId, await countCaseReports(trx, caseId), now);
    await ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId });
  });
  return reportId;
}

/** A race with an admin resolving the case between our insert and our lock is retried this often. */
const OPEN_CASE_ATTEMPTS = 3;

/**
 * The open case for the reported thing, its row held until commit (PostgreSQL; SQLite's write
 * transactions run one at a time) so concurrent reports count it one after another. The first
 * report opens it: concurrent first reports by different people all insert, the partial unique
 * index `moderationCases_open_target` keeps one, and the others (having waited for it) read it.
 */
async function lockOpenCase(trx: Db, dialect: ServerContext['dialect'], input: NewReport, target: CapturedTarget, now: string): Promise<string> {
  for (let attempt = 0; attempt < OPEN_CASE_ATTEMPTS; attempt++) {
    await insertCaseUnlessOpen(trx, {
      id: newId(),
      targetType: input.targetType,
      targetId: input.targetId,
      targetUid: target.authorUid,
      snapshot: JSON.stringify(target.snapshot),
      created_at: now,
      updated_at: now,
    });
    const open = await lockedOpenCase(trx, dialect, input.targetType, input.targetId);
    if (open) return open.id;
  }
  throw new Error(`no open moderation case for ${input.targetType} ${input.targetId} after ${OPEN_CASE_ATTEMPTS} attempts`);
}

/**
 * GET /api/reports/mine: which of these things the viewer has reported (a report is once per
 * reader per thing, ever: `reports_once`, whose columns this reads).
 */
export async function reportedBy(db: Db, viewer: SignedInViewer, targetType: ReportTargetType, ids: string[]): Promise<Reported> {
  return { reported: await reportedTargetIds(db, viewer.uid, targetType, ids) };
}
