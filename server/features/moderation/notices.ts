import type { Transaction } from 'kysely';
import { REPORT_TEXTS, type CaseOutcome } from '@common/moderation';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { toDbBool } from '../../db/bool';
import { newId } from '../../shared/ids';
import { announceBell } from '../notifications';

type Trx = Transaction<Database>;

/** Where a notice leads: the list itself (the reported story may be gone, and a story link would hide the row with it). */
const NOTICE_LINK = '/notifications';

/**
 * A notice from the moderators: a warning, or a report's outcome. Written here rather than
 * through `notify`, whose preferences, blocks and mutes decide whether a person hears from
 * another person: a moderator's notice is not that, and always arrives. Its one actor is the
 * addressee themselves, so the row is never hidden by a block and never names the admin.
 */
export async function sendNotice(ctx: ServerContext, trx: Trx, to: string, text: string, at: string): Promise<void> {
  const person = await trx.selectFrom('users').select(['uid', 'deletedAt']).where('uid', '=', to).executeTakeFirst();
  if (!person || person.deletedAt) return;
  const id = newId();
  await trx
    .insertInto('notifications')
    .values({
      id,
      to,
      type: 'moderation',
      message: text,
      link: NOTICE_LINK,
      read: toDbBool(false),
      created_at: at,
      updated_at: at,
      groupKey: `moderation:${id}`,
      data: JSON.stringify({ subject: null, detail: text, storyId: null }),
    })
    .execute();
  await trx.insertInto('notificationActors').values({ notificationId: id, actorUid: to, created_at: at }).execute();
  await announceBell(ctx, trx, to);
}

/** Every reporter of a resolved case hears the outcome, never the sanction (once each, however many times they reported). */
export async function tellReporters(ctx: ServerContext, trx: Trx, caseId: string, outcome: CaseOutcome, at: string): Promise<number> {
  const reporters = await trx.selectFrom('reports').select('reporterUid').distinct().where('caseId', '=', caseId).execute();
  const text = outcome === 'action' ? REPORT_TEXTS.tookAction : REPORT_TEXTS.noViolation;
  for (const { reporterUid } of reporters) await sendNotice(ctx, trx, reporterUid, text, at);
  return reporters.length;
}
