import type { Transaction } from 'kysely';
import { REPORT_TARGET_TYPES, REPORT_TEXTS, type CaseOutcome, type ReportedThing } from '@common/moderation/moderation';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { notifySelf } from '../notifications';
import { captureTarget, type CapturedTarget } from '../reports';
import { memberReportersOf, type CaseRow } from './queries';

type Trx = Transaction<Database>;

/** Where a notice leads when there is nothing of it left to open: the list itself. */
export const NOTICE_LINK = '/notifications';

/** A notice from the moderators: a warning, a removal, a report's outcome. Always arrives (notifySelf). */
export async function sendNotice(ctx: ServerContext, trx: Trx, to: string, text: string, at: string, link = NOTICE_LINK): Promise<void> {
  await notifySelf(ctx, trx, { to, type: 'moderation', detail: text, link, at });
}

/** The reported thing as the reporter sees it now: its name and where it is, from the same snapshot a report takes. */
function namedFor({ snapshot }: CapturedTarget): { name: string; link: string } {
  switch (snapshot.targetType) {
    case 'story':
      return { name: snapshot.title ?? '', link: `/story/${encodeURIComponent(snapshot.targetId)}` };
    case 'comment':
      return { name: snapshot.storyTitle ?? '', link: `/story/${encodeURIComponent(snapshot.storyId ?? '')}` };
    case 'profile':
      return { name: snapshot.authorName, link: `/user/${encodeURIComponent(snapshot.targetId)}` };
    case 'message':
      return { name: snapshot.authorName, link: `/messages?c=${encodeURIComponent(snapshot.conversationId ?? '')}` };
    case 'anthology':
      return { name: snapshot.title ?? '', link: `/anthologies/${encodeURIComponent(snapshot.targetId)}` };
  }
}

/**
 * What this reporter may be told about the case's thing: asked through the reports feature's
 * own capture, so "may they see it" is the rule they reported under (a story made private, a
 * block since, a suspended writer, a removal: not theirs to see). What they cannot see is not
 * named, and the notice leads to the list instead of to a 'not found'.
 */
async function reportedThingFor(trx: Trx, reporterUid: string, row: CaseRow, at: string): Promise<{ thing: ReportedThing; link: string }> {
  const type = REPORT_TARGET_TYPES.find((t) => t === row.targetType) ?? 'story';
  try {
    const named = namedFor(await captureTarget(trx, { uid: reporterUid, admin: false }, type, row.targetId, at));
    return { thing: { type, name: named.name }, link: named.link };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { thing: { type, name: null }, link: NOTICE_LINK };
    throw err;
  }
}

/**
 * Every member who reported a resolved case hears the outcome the admin chose about the thing
 * they reported, never the sanction (once each per resolution, however many times they reported).
 */
export async function tellReporters(ctx: ServerContext, trx: Trx, row: CaseRow, outcome: CaseOutcome, at: string): Promise<number> {
  // Members only: a server that sent a Flag is not told the outcome.
  const reporters = await memberReportersOf(trx, row.id);
  for (const { reporterUid } of reporters) {
    const { thing, link } = await reportedThingFor(trx, reporterUid, row, at);
    await sendNotice(ctx, trx, reporterUid, REPORT_TEXTS.outcomeNotice(thing, outcome), at, link);
  }
  return reporters.length;
}
