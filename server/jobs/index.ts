import crypto from 'node:crypto';
import { optimizeDatabase } from '../db/maintenance';
import { pruneTokens } from '../features/account/tokens';
import { purgeDueAccounts } from '../features/account-deletion';
import { ensureWeeklyContests, revealDueContests } from '../features/contests';
import { pruneFederationCache, sendAllStories, sendRecentStories } from '../features/federation';
import { pruneOldLogs } from '../features/logs/retention';
import { deliverDueEmails } from '../features/notifications';
import { sendDueReminders } from '../features/streaks';
import { sendDueDigests } from '../features/digest';
import { publishDueStories } from '../features/scheduled-publishing';
import { runScheduledBackup, SCHEDULE_TICK_MS } from '../ops/backup/schedule';
import type { ServerContext } from '../context';
import type { Job } from './runner';

export { JobRunner, type Job } from './runner';

const MINUTE = 60 * 1000;
const MAINTENANCE_MS = 10 * MINUTE;
/** Notification emails wait two minutes anyway; reminders and reveals are at most this late. */
const DUE_WORK_MS = 15 * 1000;
/** Queued emails due a retry (new ones are sent at once). */
const EMAIL_QUEUE_MS = 5 * 1000;

const EXPIRED_ROWS = 'deleting rows past their time twice deletes nothing more';
/** Stories edited lately are looked at this often. */
const RECENT_STORIES_MS = 5 * 1000;
const federating = (ctx: ServerContext) => ctx.federation !== null;
const SENT_ONCE = 'each send is claimed first in the database (federatedStories): one instance wins';

/** Every job a server runs (docs/architecture.md, "Scheduled work"). A new list per server: the backup job names its instance. */
export function serverJobs(): Job[] {
  const backupInstance = crypto.randomUUID();
  return [
    {
      name: 'optimize-database',
      does: 'refreshes the query planner’s statistics (SQLite `PRAGMA optimize`, PostgreSQL `ANALYZE` where due)',
      everyMs: MAINTENANCE_MS,
      firstAfterMs: 5 * 1000,
      once: 'harmless on each instance',
      run: (ctx) => optimizeDatabase(ctx.db, ctx.dialect),
    },
    { name: 'prune-rate-limits', does: 'deletes rate-limit counters whose window ended', everyMs: MAINTENANCE_MS, once: EXPIRED_ROWS, run: (ctx) => ctx.rateLimiter.prune() },
    { name: 'prune-live-events', does: 'deletes live events older than a tab may ask to catch up on', everyMs: MAINTENANCE_MS, once: EXPIRED_ROWS, run: (ctx) => ctx.bus.pruneOld() },
    { name: 'prune-account-links', does: 'deletes expired verification, reset and email-change links', everyMs: MAINTENANCE_MS, once: EXPIRED_ROWS, run: (ctx) => pruneTokens(ctx.db) },
    {
      name: 'prune-logs',
      does: 'deletes event logs older than LOG_RETENTION_DAYS (admin logs are kept)',
      everyMs: MAINTENANCE_MS,
      once: EXPIRED_ROWS,
      run: (ctx) => pruneOldLogs(ctx.db, ctx.config.logRetentionDays),
    },
    {
      name: 'purge-accounts',
      does: 'deletes for good the accounts whose 30 days (deletion asked for, or suspended) have passed',
      everyMs: MAINTENANCE_MS,
      once: 'each account is deleted in its own transaction holding its row; another instance finds it gone',
      run: (ctx, now) => purgeDueAccounts(ctx, now),
    },
    {
      name: 'notification-emails',
      does: 'emails the notifications still unread after their delay to the people who asked for email',
      everyMs: DUE_WORK_MS,
      once: 'each email is claimed in the database before it is queued',
      run: (ctx, now) => deliverDueEmails(ctx, now.getTime()),
    },
    {
      name: 'streak-reminders',
      does: 'sends the 20:00-local streak reminders that fell due',
      everyMs: DUE_WORK_MS,
      once: 'each reminder is claimed in the database before it is sent',
      run: (ctx, now) => sendDueReminders(ctx, now.getTime()),
    },
    {
      name: 'weekly-digest',
      does: 'queues the weekly digests that fell due, at each reader’s chosen day and hour in their time zone',
      everyMs: DUE_WORK_MS,
      once: 'each reader’s digest is claimed in the database (its due time moved on, its week inserted once) before it is queued',
      run: (ctx, now) => sendDueDigests(ctx, now),
    },
    {
      name: 'contest-reveal',
      does: 'reveals the contests whose voting closed and that no page has revealed yet',
      everyMs: DUE_WORK_MS,
      once: 'the reveal holds the contest row and runs only while it is unrevealed',
      run: (ctx, now) => revealDueContests(ctx, now),
    },
    {
      name: 'scheduled-publishing',
      does: 'publishes the private stories whose writers scheduled them for a time that has come, as their Publish button would',
      everyMs: DUE_WORK_MS,
      once: 'each story’s schedule is claimed by deleting it while due, in the transaction holding the story’s row: one instance wins, the others find it gone',
      run: (ctx, now) => publishDueStories(ctx, now),
    },
    {
      name: 'weekly-contests',
      does: 'creates this week’s and next week’s contests when they run by themselves (WEEKLY_CONTEST=automatic)',
      everyMs: DUE_WORK_MS,
      firstAfterMs: 0,
      once: 'each week’s contest is inserted once (a unique week)',
      enabled: (ctx) => ctx.config.weeklyContest === 'automatic',
      run: (ctx, now) => ensureWeeklyContests(ctx, now),
    },
    {
      name: 'email-queue',
      does: 'sends the queued emails whose retry is due, and any a previous run left',
      everyMs: EMAIL_QUEUE_MS,
      firstAfterMs: 0,
      once: 'each email is claimed in the database while it is sent',
      run: async (ctx) => ctx.emails.kick(),
    },
    {
      name: 'federation-recent-stories',
      does: 'sends followers on other servers the stories edited in the last minute (an edit may record no live event)',
      everyMs: RECENT_STORIES_MS,
      once: SENT_ONCE,
      enabled: federating,
      run: (ctx, now) => sendRecentStories(ctx, now),
    },
    {
      name: 'federation-all-stories',
      does: 'looks at every story for anything owed to followers on other servers that slipped past (a restore, a change made by hand)',
      everyMs: MAINTENANCE_MS,
      once: SENT_ONCE,
      enabled: federating,
      run: (ctx) => sendAllStories(ctx),
    },
    {
      name: 'federation-cache',
      does: 'deletes the expired entries of the federation cache (keys, remote documents)',
      everyMs: MAINTENANCE_MS,
      once: EXPIRED_ROWS,
      enabled: federating,
      run: (ctx) => pruneFederationCache(ctx),
    },
    {
      name: 'backups',
      does: 'makes the scheduled backup into BACKUP_DIR when one is due',
      everyMs: SCHEDULE_TICK_MS,
      firstAfterMs: 15 * 1000,
      once: 'each backup is claimed in the database (backupSchedule) by one instance',
      enabled: (ctx) => Boolean(ctx.config.backups.dir),
      run: (ctx, now) => runScheduledBackup(ctx, backupInstance, now),
    },
  ];
}
