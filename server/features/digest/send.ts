import { DEFAULT_TIME_ZONE } from '@common/streaks/streak';
import { CONTEST_PHASE_LABELS, type ContestSummary } from '@common/contests/contests';
import { todayPrompt } from '@common/prompts/prompts';
import {
  DIGEST_FIRST_DAYS,
  DIGEST_REPLY_TYPES,
  DIGEST_STORIES_MAX,
  digestHasNews,
  digestSubject,
  dueDigestSlot,
  nextDigestSlot,
  type DigestNews,
  type DigestWeekday,
} from '@common/digest/digest';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { fromDbBool } from '../../db/bool';
import { appLink, weeklyDigestMessage, type DigestStoryLine } from '../../email/templates';
import type { EmailMessage } from '../../email/mailer';
import { authorName } from '../../shared/author';
import { findSessionUser } from '../../shared/users';
import { viewerOf, type SignedInViewer } from '../../policy/viewer';
import { contestsNotOver, revealedContests, summariesOf } from '../contests';
import { unreadConversations } from '../messages';
import { countUnreadNotificationsOfTypes } from '../notifications';
import { newAnthologyStories } from '../anthologies';
import { claimWeek, dueDigests, followedTagsStories, followedWritersStories, markSent, moveDueIfStill, recipientOf, recordOutcome } from './queries';
import { digestUnsubscribeToken } from './unsubscribe';

/*
 * The weekly digest's due pass (the `weekly-digest` job, on every instance). Each reader's
 * weeklyDigests.nextDueAt holds the instant their digest is next due; a pass reads the due rows
 * through its index and, for each, in one transaction:
 * 1. moves nextDueAt on to the next slot, only if it still holds what the pass read (a
 *    conditional UPDATE: of two instances, or two passes at once, one takes it);
 * 2. inserts the reader's week (weeklyDigestSends, unique per reader and week): a week already
 *    claimed (the reader moved the day after this week's went out) sends nothing;
 * 3. reads what is new, and when there is any, writes the email to the email queue (email/queue.ts),
 *    which sends it and retries a failed send.
 * All of it commits together or not at all, so a digest is queued once per reader per week.
 */

const BATCH = 100;
const DAY_MS = 24 * 3_600_000;
/** Stories read per list before merging; more than shown, so the "and N more" counts right up to here. */
const STORIES_READ = 100;

interface DigestStory {
  id: string;
  title: string;
  uid: string;
  authorDisplayName: string;
  publishedAt: string | null;
}

/** What a digest holds for a reader: all of it checked against what they may read. */
export interface DigestContent {
  contest: ContestSummary | null;
  results: ContestSummary | null;
  writerStories: DigestStory[];
  tagStories: DigestStory[];
  /** New stories in the anthologies they edit or follow (through the readable-stories policy, as the two lists above). */
  anthologyStories: DigestStory[];
  news: DigestNews;
}

/** What is new for the reader between `since` and `until`, and the contest of the moment; `db` may be the claim's transaction. */
export async function digestContent(db: Kysely<Database>, viewer: SignedInViewer, since: string, until: Date): Promise<DigestContent> {
  const at = until.toISOString();
  const writers = await followedWritersStories(db, viewer, { since, until: at, limit: STORIES_READ });
  const listed = new Set(writers.map((s) => s.id));
  const tags = (await followedTagsStories(db, viewer, { since, until: at, limit: STORIES_READ })).filter((s) => !listed.has(s.id));
  // Once each: a story in two of their anthologies, or already listed above, is not repeated.
  for (const t of tags) listed.add(t.id);
  const anthologyStories: DigestStory[] = [];
  for (const s of await newAnthologyStories(db, viewer, { since, until: at, limit: STORIES_READ })) {
    if (listed.has(s.id)) continue;
    listed.add(s.id);
    anthologyStories.push({ id: s.id, title: s.title, uid: s.uid, authorDisplayName: authorName(s), publishedAt: s.publishedAt });
  }
  const running = (await summariesOf(db, await contestsNotOver(db, at, 5), until)).find((c) => c.phase !== 'closed') ?? null;
  const revealed = (await revealedContests(db, 1)).filter((c) => c.revealedAt !== null && c.revealedAt > since);
  const results = revealed.length > 0 ? ((await summariesOf(db, revealed, until))[0] ?? null) : null;
  const replies = await countUnreadNotificationsOfTypes(db, viewer.uid, DIGEST_REPLY_TYPES);
  const messages = await unreadConversations(db, viewer.uid);
  return {
    contest: running,
    results,
    writerStories: writers,
    tagStories: tags,
    anthologyStories,
    news: { stories: writers.length + tags.length + anthologyStories.length, replies, messages, results: results !== null },
  };
}

function contestWhat(contest: ContestSummary): string {
  return `${CONTEST_PHASE_LABELS[contest.phase]}. The prompt: "${contest.prompt}".`;
}

/** The digest email of the content: sections only where there is something; the one-click unsubscribe in its headers. */
export function composeDigest(ctx: ServerContext, uid: string, to: { email: string; name: string }, content: DigestContent, now: Date): EmailMessage {
  const base = ctx.config.publicUrl;
  const line = (s: DigestStory): DigestStoryLine => ({ title: s.title, author: s.authorDisplayName, link: appLink(base, `/story/${s.id}`) });
  const section = (heading: string, stories: DigestStory[]) => ({ heading, stories: stories.slice(0, DIGEST_STORIES_MAX).map(line), more: Math.max(0, stories.length - DIGEST_STORIES_MAX) });
  const sections = [
    section('New from writers you follow', content.writerStories),
    section('New in tags you follow', content.tagStories),
    section('New in your anthologies', content.anthologyStories),
  ].filter((s) => s.stories.length > 0);
  const { replies, messages } = content.news;
  const waiting = [replies > 0 ? `${replies} ${replies === 1 ? 'reply' : 'replies'} to your stories` : null, messages > 0 ? `${messages} unread ${messages === 1 ? 'conversation' : 'conversations'}` : null].filter((p) => p !== null);
  const prompt = todayPrompt(now);
  const token = digestUnsubscribeToken(ctx, uid);
  const message = weeklyDigestMessage({
    to: to.email,
    name: to.name,
    subject: digestSubject(content.news),
    prompt: `${prompt.genre} · ${prompt.theme} · ${prompt.twist}`,
    contest: content.contest ? { title: content.contest.title, what: contestWhat(content.contest), link: appLink(base, `/contests/${content.contest.id}`) } : null,
    results: content.results ? { title: content.results.title, link: appLink(base, `/contests/${content.results.id}`) } : null,
    sections,
    replies: waiting.length > 0 ? { summary: `Waiting for you: ${waiting.join(' and ')}.`, link: appLink(base, replies > 0 ? '/notifications' : '/messages') } : null,
    settingsLink: appLink(base, '/settings#weekly-digest'),
    unsubscribeLink: appLink(base, '/digest/unsubscribe', token),
  });
  const oneClick = appLink(base, '/api/digest/unsubscribe', token);
  return { ...message, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

type Due = Awaited<ReturnType<typeof dueDigests>>[number];

/** One due reader, claimed and (when there is news) queued in one transaction. */
async function sendOne(ctx: ServerContext, row: Due, now: Date): Promise<boolean> {
  if (row.nextDueAt === null) return false;
  const seen = row.nextDueAt;
  const timezone = row.timezone ?? DEFAULT_TIME_ZONE;
  const weekday = row.weekday as DigestWeekday;
  const hour = Number(row.hour);
  const slot = dueDigestSlot(now, new Date(seen), timezone, weekday, hour);
  const next = nextDigestSlot(now, timezone, weekday, hour).at.toISOString();
  const nowIso = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await moveDueIfStill(trx, row.uid, seen, next);
    if (Number(moved.numUpdatedRows) === 0 || slot === null) return false;
    if (!(await claimWeek(trx, row.uid, slot.week, nowIso))) return false;
    const user = await recipientOf(trx, row.uid);
    // Only to an address its owner proved, and an account in use.
    if (!user || !fromDbBool(user.emailVerified) || user.deletedAt || user.deactivatedAt || user.suspendedAt) {
      await recordOutcome(trx, row.uid, slot.week, 'no_address');
      return false;
    }
    const session = await findSessionUser(trx, row.uid);
    if (!session) return false;
    const since = row.lastSentAt ?? new Date(now.getTime() - DIGEST_FIRST_DAYS * DAY_MS).toISOString();
    const content = await digestContent(trx, viewerOf(session), since, now);
    if (!digestHasNews(content.news)) {
      await recordOutcome(trx, row.uid, slot.week, 'nothing_new');
      return false;
    }
    await ctx.emails.add(trx, composeDigest(ctx, row.uid, { email: user.email, name: authorName(user) }, content, now));
    await recordOutcome(trx, row.uid, slot.week, 'sent');
    await markSent(trx, row.uid, nowIso);
    return true;
  });
}

/**
 * Sends the weekly digests due at `now` (tests pass their own clock): each queued once per
 * reader per week, however many instances run this at once. Returns how many were queued. A
 * failure is logged and that reader skipped (their nextDueAt stays, so the next pass tries again).
 */
export async function sendDueDigests(ctx: ServerContext, now: Date): Promise<number> {
  const due = await dueDigests(ctx.db, now.toISOString(), BATCH);
  let sent = 0;
  for (const row of due) {
    try {
      if (await sendOne(ctx, row, now)) sent += 1;
    } catch (err) {
      ctx.logger.warn({ err }, 'weekly digest failed');
    }
  }
  if (sent > 0) ctx.emails.kick();
  return sent;
}
