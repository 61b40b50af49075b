import type { Transaction } from 'kysely';
import { REPORT_TEXTS, type CaseOutcome } from '@common/moderation';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { notifySelf } from '../notifications';

type Trx = Transaction<Database>;

/** Where a notice leads: the list itself (the reported story may be gone, and a story link would hide the row with it). */
const NOTICE_LINK = '/notifications';

/** A notice from the moderators: a warning, or a report's outcome. Always arrives (notifySelf). */
export async function sendNotice(ctx: ServerContext, trx: Trx, to: string, text: string, at: string): Promise<void> {
  await notifySelf(ctx, trx, { to, type: 'moderation', detail: text, link: NOTICE_LINK, at });
}

/** Every reporter of a resolved case hears the outcome, never the sanction (once each, however many times they reported). */
export async function tellReporters(ctx: ServerContext, trx: Trx, caseId: string, outcome: CaseOutcome, at: string): Promise<number> {
  const reporters = await trx.selectFrom('reports').select('reporterUid').distinct().where('caseId', '=', caseId).execute();
  const text = outcome === 'action' ? REPORT_TEXTS.tookAction : REPORT_TEXTS.noViolation;
  for (const { reporterUid } of reporters) await sendNotice(ctx, trx, reporterUid, text, at);
  return reporters.length;
}
