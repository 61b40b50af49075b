import type { Transaction } from 'kysely';
import { REPORT_TEXTS, type ContentRemovalInput, type ContentRemoved, type RemovedThing, type ReportTargetType } from '@common/moderation/moderation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { authorizeContentRemoval } from '../../policy/moderation';
import { viewerOf } from '../../policy/viewer';
import { recordAction } from './account';
import { removeContent, type Removal } from './content';
import { anthologyTitle } from '../anthologies';
import { NOTICE_LINK, sendNotice } from './notices';
import { authorOfContent, findCommentWithStoryTitle, findMessageWithConversation, findStoryTitle, lockAccount, lockOpenCaseOn } from './queries';
import { touchCase } from './resolve';

type Trx = Transaction<Database>;

/** How much of a comment or message the label keeps. */
const EXCERPT_MAX = 80;

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};

/** What a removal takes down, described before it goes: the label kept with the action, and what its author is told and where. */
interface Described {
  subject: string;
  thing: RemovedThing;
  link: string;
}

async function describe(trx: Trx, type: ReportTargetType, id: string): Promise<Described | null> {
  switch (type) {
    case 'story': {
      const row = await findStoryTitle(trx, id);
      return row ? { subject: `Story “${row.title}”`, thing: { type, title: row.title }, link: NOTICE_LINK } : null;
    }
    case 'comment': {
      const row = await findCommentWithStoryTitle(trx, id);
      if (!row) return null;
      const title = row.title ?? '';
      return { subject: `Comment on “${title}”: “${excerpt(row.text)}”`, thing: { type, title }, link: `/story/${encodeURIComponent(row.storyId)}` };
    }
    case 'message': {
      const row = await findMessageWithConversation(trx, id);
      return row ? { subject: `Message: “${excerpt(row.text)}”`, thing: { type }, link: `/messages?c=${encodeURIComponent(row.conversationId)}` } : null;
    }
    case 'profile':
      return { subject: 'Profile’s words and links', thing: { type }, link: '/profile' };
    case 'anthology': {
      const title = await anthologyTitle(trx, id);
      return title === null ? null : { subject: `Anthology “${title}”`, thing: { type, title }, link: NOTICE_LINK };
    }
  }
}

export interface TakeDown {
  type: ReportTargetType;
  id: string;
  /** Whose it is: the action's target, told why. */
  authorUid: string;
  /** The open case about it, which records the removal; null when nobody reported it. */
  caseId: string | null;
  reason: string;
  at: string;
}

/**
 * The one way content comes down, whether through a report ("Remove content") or straight from
 * its page or the user's page: the thing goes (content.ts keeps counts exact and tells open
 * pages), its author is told what and why, and the action (with a label of what it was) goes to
 * moderationActions and the admin log, all in the caller's transaction. Call with the author's
 * row locked, then the case's.
 */
export async function takeDown(ctx: ServerContext, trx: Trx, admin: SessionUser, target: TakeDown): Promise<Removal> {
  const described = await describe(trx, target.type, target.id);
  const removal = await removeContent(ctx, trx, { targetType: target.type, targetId: target.id }, target.at);
  if (removal.removed && described) {
    await sendNotice(ctx, trx, target.authorUid, REPORT_TEXTS.removedNotice(described.thing, target.reason), target.at, described.link);
  }
  await recordAction(
    trx,
    admin,
    { caseId: target.caseId, targetUid: target.authorUid, action: 'remove', reason: target.reason, at: target.at, ...(described ? { subject: described.subject } : {}) },
    { targetType: target.type, targetId: target.id, removed: removal.removed },
  );
  return removal;
}

/**
 * POST /api/admin/removals: an admin takes down someone else's story or comment from its page
 * or the user's page, through takeDown like a report's removal. The open case about
 * it, if any, records the removal (a new version, so a stale queue is told) and stays open to
 * be resolved. Of admins removing the same thing at once, the first wins; the others find
 * nothing (404) and record nothing.
 */
export async function removeDirectly(ctx: ServerContext, admin: SessionUser, input: ContentRemovalInput): Promise<ContentRemoved> {
  const authorUid = await authorOfContent(ctx.db, input.targetType, input.targetId);
  if (authorUid === undefined) throw notFound(REPORT_TEXTS.contentNotFound);
  authorizeContentRemoval(viewerOf(admin), { uid: authorUid });
  return ctx.db.transaction().execute(async (trx) => {
    // The person's row first, then the case's: the order every moderation write takes.
    await lockAccount(trx, ctx.dialect, authorUid);
    const open = await lockOpenCaseOn(trx, ctx.dialect, input.targetType, input.targetId);
    const at = new Date().toISOString();
    const caseId = open?.id ?? null;
    const removal = await takeDown(ctx, trx, admin, { type: input.targetType, id: input.targetId, authorUid, caseId, reason: input.reason, at });
    // Gone meanwhile (another admin, or its author): nothing was done, so nothing is kept.
    if (!removal.removed) throw notFound(REPORT_TEXTS.contentNotFound);
    if (caseId) await touchCase(ctx, trx, caseId, at);
    return { caseId };
  });
}
