import { z } from 'zod';
import { REPORT_TARGET_TYPES, type ReportTargetType } from '../reports/report-state';
import { safeText } from '../shared/text';

/**
 * Reports and moderation: what a reader may report and why, the snapshot kept as
 * evidence, the moderation queue and the account actions. The server and the web share these
 * schemas and texts; the texts are the product's words, used verbatim.
 */

export { REPORT_TARGET_TYPES, type ReportTargetType } from '../reports/report-state';

export const REPORT_CATEGORIES = ['spam', 'harassment', 'inappropriate', 'plagiarism', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  plagiarism: 'Plagiarism',
  other: 'Other',
};

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;
/** For a reported message: this many messages before it and after it are kept with it. */
export const MESSAGE_CONTEXT = 5;
/** Suspended accounts can be restored this long; then they are deleted. Also the self-deletion grace. */
export const GRACE_DAYS = 30;

/** The two things a reporter may hear, word for word (README: "Thanks — we took action." or "We reviewed it and didn't find a violation."). */
const REPORT_OUTCOME_TEXTS = { action: 'Thanks — we took action.', dismissed: "We reviewed it and didn't find a violation." } as const;

/**
 * A reported thing as a reporter may see it when the case is resolved: its name (the story's
 * title, the story a comment is on, the profile's name, a message's sender), or null when they
 * can no longer see it (removed, made private, hidden by a block or a suspension): then the
 * notice says only that it is no longer available, never why.
 */
export interface ReportedThing {
  type: ReportTargetType;
  name: string | null;
}

function reportedThingText({ type, name }: ReportedThing): string {
  if (name === null) return `Your report of a ${type} that is no longer available`;
  switch (type) {
    case 'story':
      return `Your report of the story “${name}”`;
    case 'comment':
      return `Your report of a comment on “${name}”`;
    case 'profile':
      return `Your report of ${name}’s profile`;
    case 'message':
      return `Your report of a message from ${name}`;
    case 'anthology':
      return `Your report of the anthology “${name}”`;
  }
}

/** What a removal took down, as its author is told: a story's title, the story a comment was on. */
export interface RemovedThing {
  type: ReportTargetType;
  /** The story's title (a story, or the story a comment is on); unused for messages and profiles. */
  title?: string;
}

function removedThingText({ type, title }: RemovedThing): string {
  switch (type) {
    case 'story':
      return `your story “${title ?? ''}”`;
    case 'comment':
      return title ? `your comment on “${title}”` : 'your comment';
    case 'message':
      return 'your message';
    case 'profile':
      return 'the words and links on your profile';
    case 'anthology':
      return `your anthology “${title ?? ''}”`;
  }
}

export const REPORT_TEXTS = {
  reportTitle: (what: string) => `Report ${what}`,
  submitted: 'Thanks for reporting. Our moderators will review it.',
  alreadyReported: 'You have already reported this.',
  cannotReportOwn: 'You cannot report your own content.',
  notFound: 'That content no longer exists.',
  tookAction: 'Thanks — we took action.',
  noViolation: "We reviewed it and didn't find a violation.",
  alreadyHandled: 'Someone already handled this report',
  reasonRequired: 'Please give a reason.',
  ownerProtected: 'The owner account cannot be limited, suspended or deleted by another admin.',
  selfAction: 'You cannot take this action on your own account.',
  confirmMismatch: "The name you typed doesn't match this account.",
  suspendedSignIn: 'Your account is suspended.',
  warningNotification: (message: string) => `A moderator sent you a warning: ${message}`,
  limitedConversations: "Your account is limited: you can't start new conversations.",
  caseNotFound: 'Report not found.',
  notLimited: 'This account is not limited.',
  notSuspended: 'This account is not suspended.',
  alreadyLimited: 'This account is already limited.',
  alreadySuspended: 'This account is already suspended.',
  graceOver: 'The time to lift this suspension has passed.',
  outcomeRequired: 'Choose an outcome.',
  outcomeNeedsAction: 'No action was taken on this report yet: apply one first, or resolve it as no violation.',
  outcomeHasActions: 'Actions were taken on this report: resolve it as action taken.',
  openCaseExists: 'This content has another open report: handle that one instead.',
  removeOwn: 'Delete your own content instead.',
  contentNotFound: 'That content no longer exists.',
  /** Beside a report another fediverse server sent (its account's handle is the reporter's name); it hears no outcome. */
  fromServer: (server: string) => `Another server: ${server}`,
  /** What each reporter is told when the case is resolved: the thing, named as they may still see it, and the outcome. */
  outcomeNotice: (thing: ReportedThing, outcome: CaseOutcome) => `${reportedThingText(thing)}: ${outcome === 'action' ? REPORT_OUTCOME_TEXTS.action : REPORT_OUTCOME_TEXTS.dismissed}`,
  /** What the author is told when a moderator removes their story, comment, message or profile's words. */
  removedNotice: (thing: RemovedThing, reason: string) => `A moderator removed ${removedThingText(thing)}: ${reason}`,
} as const;

/** The request body of POST /api/reports. */
export const reportCreateSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: safeText('The id').min(1).max(128),
    category: z.enum(REPORT_CATEGORIES),
    note: safeText('The note').trim().max(REPORT_NOTE_MAX, `Notes are at most ${REPORT_NOTE_MAX} characters.`).default(''),
  })
  .strict();
export type ReportCreate = z.input<typeof reportCreateSchema>;

/** One message in a reported message's context. */
export const snapshotMessageSchema = z.object({
  id: z.string(),
  fromUid: z.string(),
  fromName: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** The reported one. */
  reported: z.boolean(),
});

/**
 * What the reported thing looked like when it was reported: kept so a later edit or deletion
 * does not destroy the evidence.
 */
export const reportSnapshotSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  authorUid: z.string(),
  authorName: z.string(),
  capturedAt: z.string(),
  /** A story's title. */
  title: z.string().optional(),
  /** A story's or comment's text, a profile's about/bio fields joined, a message's text. */
  text: z.string(),
  /** For a comment: the story it is on (and its title); for a story, its own id. */
  storyId: z.string().optional(),
  storyTitle: z.string().optional(),
  /** For a message: its conversation and up to MESSAGE_CONTEXT messages either side. */
  conversationId: z.string().optional(),
  messages: z.array(snapshotMessageSchema).optional(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

export const reportCreatedSchema = z.object({ message: z.string(), reportId: z.string() });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

// ——— The moderation queue (/api/admin/reports) ———

export const CASE_STATUSES = ['open', 'resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_OUTCOMES = ['action', 'dismissed'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];
/** How the resolve dialog, the queue and the history name each outcome. */
export const CASE_OUTCOME_LABELS: Record<CaseOutcome, string> = { dismissed: 'No violation', action: 'Action taken' };

/** Actions an admin applies to a case (several may be applied before resolving). */
export const CASE_ACTIONS = ['dismiss', 'remove', 'warn', 'limit', 'suspend'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export const CASE_ACTION_LABELS: Record<CaseAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove content',
  warn: 'Warn',
  limit: 'Limit',
  suspend: 'Suspend',
};

/** Actions on an account (/admin/users/:uid). `note` only records a note. */
export const ACCOUNT_ACTIONS = ['warn', 'limit', 'unlimit', 'suspend', 'unsuspend', 'delete', 'note'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  warn: 'Warn',
  limit: 'Limit',
  unlimit: 'Lift limit',
  suspend: 'Suspend',
  unsuspend: 'Lift suspension',
  delete: 'Delete account',
  note: 'Add note',
};

/** Every action stored in moderationActions (`resolve` closes a case, `reopen` opens a resolved one again). */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'limit', 'unlimit', 'suspend', 'unsuspend', 'delete', 'note', 'resolve', 'assign', 'reopen'] as const;
/** Case actions that count as "action taken": resolving as 'action' needs one of them, as 'dismissed' none. */
export const ACTION_TAKEN = ['remove', 'warn', 'limit', 'suspend'] as const satisfies readonly ModerationActionType[];
export type ModerationActionType = (typeof MODERATION_ACTIONS)[number];

const reason = safeText('The reason', { typeError: REPORT_TEXTS.reasonRequired })
  .trim()
  .min(1, REPORT_TEXTS.reasonRequired)
  .max(MODERATION_REASON_MAX, `Reasons are at most ${MODERATION_REASON_MAX} characters.`);
/** The version the admin saw: a change made since is a conflict ("Someone already handled this report"). */
const version = z.number().int().min(1);

/** The admin's conclusion, always asked for (never inferred): it decides what every reporter is told. */
const outcome = z.enum(CASE_OUTCOMES, REPORT_TEXTS.outcomeRequired);

export const caseActionSchema = z.object({ action: z.enum(CASE_ACTIONS), reason, version }).strict();
export type CaseActionInput = z.infer<typeof caseActionSchema>;
export const caseVersionSchema = z.object({ version }).strict();
/** POST /api/admin/reports/:id/resolve: the outcome must fit the actions applied (ACTION_TAKEN). */
export const resolveCaseSchema = z.object({ version, outcome, reason }).strict();
export type ResolveCaseInput = z.infer<typeof resolveCaseSchema>;
/** POST /api/admin/reports/:id/reopen: a resolved case opens again, with why. */
export const reopenCaseSchema = z.object({ version, reason }).strict();
export type ReopenCaseInput = z.infer<typeof reopenCaseSchema>;
export const bulkResolveSchema = z
  .object({ items: z.array(z.object({ id: z.string().min(1).max(128), version }).strict()).min(1).max(100), outcome, reason })
  .strict();
export type BulkResolveInput = z.infer<typeof bulkResolveSchema>;
export const bulkResolveResultSchema = z.object({
  resolved: z.array(z.string()),
  /** Handled by someone else meanwhile, or gone. */
  conflicts: z.array(z.string()),
  /** Left open: the outcome chosen does not fit the actions applied to them. */
  mismatched: z.array(z.string()),
});
export type BulkResolveResult = z.infer<typeof bulkResolveResultSchema>;

// ——— Removing a story or comment from its own page or the user's page (/api/admin/removals) ———

export const REMOVABLE_TYPES = ['story', 'comment'] as const satisfies readonly ReportTargetType[];
export type RemovableType = (typeof REMOVABLE_TYPES)[number];
export const contentRemovalSchema = z
  .object({ targetType: z.enum(REMOVABLE_TYPES), targetId: safeText('The id').min(1).max(128), reason })
  .strict();
export type ContentRemovalInput = z.infer<typeof contentRemovalSchema>;
export const contentRemovedSchema = z.object({
  /** The open report on the thing, which now records the removal (or null: nobody had reported it). */
  caseId: z.string().nullable(),
});
export type ContentRemoved = z.infer<typeof contentRemovedSchema>;

/** GET /api/admin/reports/counts: open reports, in all and per kind of thing (the dashboard). */
export const openReportCountsSchema = z.object({
  open: z.number().int(),
  byType: z.record(z.enum(REPORT_TARGET_TYPES), z.number().int()),
});
export type OpenReportCounts = z.infer<typeof openReportCountsSchema>;

export const accountActionSchema = z
  .object({
    action: z.enum(ACCOUNT_ACTIONS),
    reason,
    /** Resolve every open report on this person (as "action taken"). */
    resolveReports: z.boolean().default(false),
    /** Delete only: the account's display name, typed. */
    confirm: safeText('The name').max(200).optional(),
  })
  .strict();
export type AccountActionInput = z.input<typeof accountActionSchema>;

export const personRefSchema = z.object({ uid: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const moderationActionSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  targetUid: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  /** A `resolve`'s outcome; null for every other action. */
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  /** What a `remove` took down, as a label that outlives it ("Story “Title”"); null otherwise. */
  subject: z.string().nullable(),
  admin: personRefSchema,
  created_at: z.string(),
});
export type ModerationActionItem = z.infer<typeof moderationActionSchema>;

export const caseSummarySchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  target: personRefSchema,
  status: z.enum(CASE_STATUSES),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  reportsCount: z.number().int(),
  /** How many reporters gave each reason. */
  categories: z.partialRecord(z.enum(REPORT_CATEGORIES), z.number().int()),
  /** The first 200 characters of the snapshot's title/text. */
  excerpt: z.string(),
  assignedTo: personRefSchema.nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/**
 * Who filed a report: a member here, or another fediverse server (its `Flag`), named by the
 * account that sent it (`name`, else the server) and the server's host.
 */
export const reporterSchema = z.discriminatedUnion('kind', [
  personRefSchema.extend({ kind: z.literal('member') }),
  z.object({ kind: z.literal('server'), name: z.string(), server: z.string(), actor: z.string() }),
]);

export const caseReportSchema = z.object({
  id: z.string(),
  reporter: reporterSchema,
  category: z.enum(REPORT_CATEGORIES),
  note: z.string(),
  created_at: z.string(),
});

export type CaseReport = z.infer<typeof caseReportSchema>;

export const USER_STATUSES = ['active', 'warned', 'limited', 'suspended', 'deactivated', 'waiting'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  warned: 'Warned',
  limited: 'Limited',
  suspended: 'Suspended',
  deactivated: 'Deletion pending',
  /** Approval mode: signed up, not yet approved. */
  waiting: 'Waiting for approval',
};

export const caseDetailSchema = caseSummarySchema.extend({
  snapshot: reportSnapshotSchema,
  /** Whether the reported thing is still there as it was, was changed since, or is gone. */
  currentState: z.enum(['unchanged', 'edited', 'removed']),
  reports: z.array(caseReportSchema),
  /** Actions applied to this case so far. */
  actions: z.array(moderationActionSchema),
  /** The reported person's standing and history: earlier cases and account actions. */
  targetStatus: z.enum(USER_STATUSES),
  earlierCases: z.array(caseSummarySchema),
  accountActions: z.array(moderationActionSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseListQuerySchema = z.object({
  status: z.enum(CASE_STATUSES).default('open'),
  cursor: z.string().max(200).optional(),
});
export const caseListSchema = z.object({ items: z.array(caseSummarySchema), nextCursor: z.string().nullable(), openCount: z.number().int() });
export type CaseList = z.infer<typeof caseListSchema>;

// ——— Accounts (/api/admin/users) ———

export const USER_SORTS = ['joined', 'lastActive'] as const;
export const adminUsersQuerySchema = z.object({
  q: safeText('Search text').trim().max(200).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USER_SORTS).default('joined'),
  cursor: z.string().max(300).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  admin: z.boolean(),
  /** The ADMIN_EMAIL account: only they may act on it. */
  owner: z.boolean(),
  created_at: z.string(),
  lastActive: z.string(),
  openReports: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUserListSchema = z.object({ items: z.array(adminUserSummarySchema), nextCursor: z.string().nullable() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  warning: z.string().nullable(),
  warnedAt: z.string().nullable(),
  limitedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  /** When a suspended or deactivated account will be deleted. */
  deleteAfter: z.string().nullable(),
  stories: z.array(z.object({ id: z.string(), title: z.string(), public: z.boolean(), wordCount: z.number().int(), created_at: z.string() })),
  /** Their latest comments, each with the story it is on. */
  comments: z.array(z.object({ id: z.string(), storyId: z.string(), storyTitle: z.string(), text: z.string(), created_at: z.string() })),
  /** Whether this admin may remove their stories and comments (not their own: those they delete). */
  canRemoveContent: z.boolean(),
  reportsMade: z.array(caseSummarySchema),
  reportsReceived: z.array(caseSummarySchema),
  /** Account actions and notes, newest first. */
  actions: z.array(moderationActionSchema),
  /** What the viewing admin may do here (the owner is protected; nobody acts on themselves). */
  allowedActions: z.array(z.enum(ACCOUNT_ACTIONS)),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** The status shown for an account, strongest first. */
export function userStatus(u: {
  suspendedAt: string | null;
  deactivatedAt: string | null;
  limitedAt: string | null;
  warnedAt: string | null;
  awaitingApprovalSince?: string | null;
}): UserStatus {
  if (u.suspendedAt) return 'suspended';
  if (u.awaitingApprovalSince) return 'waiting';
  if (u.deactivatedAt) return 'deactivated';
  if (u.limitedAt) return 'limited';
  if (u.warnedAt) return 'warned';
  return 'active';
}

/** stories.authorState: the author's state as their stories carry it. */
export const AUTHOR_STATE = { visible: 0, limited: 1, hidden: 2 } as const;
export function authorStateOf(u: { suspendedAt: string | null; deactivatedAt: string | null; limitedAt: string | null }): number {
  if (u.suspendedAt || u.deactivatedAt) return AUTHOR_STATE.hidden;
  if (u.limitedAt) return AUTHOR_STATE.limited;
  return AUTHOR_STATE.visible;
}
