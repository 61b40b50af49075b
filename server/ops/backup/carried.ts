/**
 * Tables a backup leaves out on purpose, and why (docs/decisions/0029-backups.md). Every other
 * table, ours and better-auth's, is carried whole. The manifest lists these with their reason.
 */
export const NOT_CARRIED: Readonly<Record<string, string>> = {
  liveEvents:
    'the live-event outbox only lets open tabs catch up; after a restore every tab reloads instead (the id counter, liveEventSeq, is carried and moved on)',
  liveStreams: 'presence rows of live streams open on the old server: restored, they would show people online who are not',
  rateLimits: 'rate-limit windows are minutes to a day long and keyed by client address: they start afresh',
  backupSchedule: "the backing-up install's own schedule and its last result: the restored install keeps its own",
  fedKv: "Fedify's cache of other servers' documents and keys, and its marks of activities already handled: fetched again as needed",
  tagCountChanges: "PostgreSQL's changes to tag counts waiting for their transaction to commit: empty in every committed state, and the restore counts the tags again",
};

/**
 * How far the live-event counter jumps on restore: further than any install records events
 * between two backups, so an id a browser saw on the old server (even after the backup) is
 * never one the restored server hands out again. The browser's next stream gets a `reset`
 * and reloads what it shows (server/events/routes.ts), rather than missing changes.
 */
export const LIVE_EVENT_ID_JUMP = 1_000_000_000;
