import { z } from 'zod';
import { liveNotificationSchema } from '../events/live-events';
import { NOTIFICATION_TEXTS } from '../notifications/texts';
import { addDays } from '../streaks/streak';
import { emptyAsMissing, safeText } from '../shared/text';
import { utcDayKey, type DayKey } from '../prompts/prompts';

/*
 * The admin panel's API contract (docs/decisions/0012-admin-dashboard-and-audit.md). Every
 * route answers 401 to guests and 403 to signed-in people who are not admins.
 *
 * GET  /api/admin/overview                        → AdminOverview
 * GET  /api/admin/dashboard?days=7|30|90          → Dashboard
 * GET  /api/admin/notifications?cursor=           → NotificationPage (newest first)
 * POST /api/admin/notifications/:id/read          → UnreadCount
 * POST /api/admin/notifications/read-all          → UnreadCount
 * GET  /api/admin/audit?source&type&user&from&to&cursor → AuditPage (newest first)
 * GET  /api/admin/audit/export?source&type&user&from&to → text/csv attachment
 * GET  /api/admin/audit/types                     → AuditTypes (for the type filter)
 */

/** The panel's header: accounts in all (deleted ones left out), and those waiting for approval. */
export const adminOverviewSchema = z.object({ users: z.number().int().nonnegative(), waiting: z.number().int().nonnegative() });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** An opaque `nextCursor` passed back: bounded base64url; the server checks what it decodes to. */
const cursorSchema = emptyAsMissing(z.string().regex(/^[A-Za-z0-9_-]{1,300}$/, 'This list has changed. Please reload it.').optional());

// ---------------------------------------------------------------------------------------------
// Dashboard

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 30;

const RANGE_MESSAGE = 'days must be 7, 30 or 90.';
export const dashboardQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? DEFAULT_DASHBOARD_RANGE : typeof v === 'string' && /^[0-9]{1,2}$/.test(v) ? Number(v) : v),
    z.literal(DASHBOARD_RANGES, RANGE_MESSAGE),
  ),
});

export function isDashboardRange(value: unknown): value is DashboardRange {
  return (DASHBOARD_RANGES as readonly unknown[]).includes(value);
}

export const METRIC_KEYS = ['signups', 'activeWriters', 'storiesPublished', 'comments', 'openFeatureRequests', 'medianFirstResponseHours'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Which way is good news: the card colours its change by it ('neutral': neither). */
export type MetricDirection = 'up' | 'down' | 'neutral';

interface MetricDefinition {
  label: string;
  /** How the number is counted, shown under the card. */
  description: string;
  unit: 'count' | 'hours';
  better: MetricDirection;
}

/** What each number means: the dashboard's cards show these words, the server counts by them. */
export const METRICS: Record<MetricKey, MetricDefinition> = {
  signups: { label: 'Sign-ups', description: 'New accounts created in the period.', unit: 'count', better: 'up' },
  activeWriters: {
    label: 'Active writers',
    description: 'Writers who saved words on at least one day of the period (their own calendar day).',
    unit: 'count',
    better: 'up',
  },
  storiesPublished: {
    label: 'Stories published',
    description: 'Public stories that were last made public in the period.',
    unit: 'count',
    better: 'up',
  },
  comments: { label: 'Comments', description: 'Comments posted in the period that are still there.', unit: 'count', better: 'up' },
  openFeatureRequests: {
    label: 'Open feature requests',
    description: 'Requests sent in the period that are still new or in progress. The previous value counts those of the previous period that are still open.',
    unit: 'count',
    better: 'neutral',
  },
  medianFirstResponseHours: {
    label: 'Median time to first response',
    description: 'For requests sent in the period that an admin has answered: the median time from the request to the first admin response.',
    unit: 'hours',
    better: 'down',
  },
};

/** Whether a change is good news for this metric ('neutral' when it is zero, or when neither way is). */
export function changeTone(change: number, better: MetricDirection): 'good' | 'bad' | 'neutral' {
  if (change === 0 || better === 'neutral') return 'neutral';
  return change > 0 === (better === 'up') ? 'good' : 'bad';
}

/** The keys of the daily series: the metrics that can be counted per day. */
export const SERIES_KEYS = ['signups', 'activeWriters', 'storiesPublished', 'comments'] as const satisfies readonly MetricKey[];
export type SeriesKey = (typeof SERIES_KEYS)[number];

export const dashboardMetricSchema = z.object({
  key: z.enum(METRIC_KEYS),
  label: z.string(),
  /** Null where there is nothing to measure (no answered request for the median). */
  current: z.number().nullable(),
  previous: z.number().nullable(),
  /** Rounded to one decimal; null when the previous value is 0 or missing. */
  changePercent: z.number().nullable(),
});
export type DashboardMetric = z.infer<typeof dashboardMetricSchema>;

const dayCount = z.number().int().nonnegative();
const dayPointSchema = z.object({ day: z.string(), signups: dayCount, activeWriters: dayCount, storiesPublished: dayCount, comments: dayCount });
export type DayPoint = z.infer<typeof dayPointSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string() });
export type Period = z.infer<typeof periodSchema>;

export const dashboardSchema = z.object({
  days: z.number().int(),
  /** UTC days, both ends included. */
  period: periodSchema,
  previousPeriod: periodSchema,
  metrics: z.array(dashboardMetricSchema),
  /** One point per UTC day of the period, oldest first, days without activity as 0. */
  series: z.array(dayPointSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The period of `days` UTC days ending today, and the one just before it. */
export function dashboardPeriods(now: Date, days: number): { current: Period; previous: Period } {
  const today = utcDayKey(now);
  const from = addDays(today, -(days - 1));
  return { current: { from, to: today }, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: Period): DayKey[] {
  const days: DayKey[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Change from `previous` to `current` in percent, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One point per day of the period, from per-day counts ({ day → n } per series); missing days are 0. */
export function zeroFilledSeries(period: Period, counts: Record<SeriesKey, ReadonlyMap<DayKey, number>>): DayPoint[] {
  return daysOf(period).map((day) => {
    const on = (key: SeriesKey) => counts[key].get(day) ?? 0;
    return { day, signups: on('signups'), activeWriters: on('activeWriters'), storiesPublished: on('storiesPublished'), comments: on('comments') };
  });
}

// ---------------------------------------------------------------------------------------------
// Notifications (spec: `to: 'admin'`, one per feature request)

export const NOTIFICATION_PAGE_SIZE = 20;
/** The 404 of a notification id that names none (also one that cannot be an id). */
export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const adminNotificationSchema = liveNotificationSchema;
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const notificationQuerySchema = z.object({ cursor: cursorSchema });

export const notificationPageSchema = z.object({
  notifications: z.array(adminNotificationSchema),
  /** Unread notifications in all (not only on this page). */
  unread: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The bell's label for screen readers (its visible word, "Admin", begins it). */
export const notificationsLabel = (unread: number) => `${NOTIFICATION_TEXTS.adminBell}, ${unread} unread`;

// ---------------------------------------------------------------------------------------------
// Audit log: adminLogs and systemLogs, newest first

export const AUDIT_SOURCES = ['admin', 'system'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];
export const AUDIT_SOURCE_FILTERS = ['all', ...AUDIT_SOURCES] as const;
export type AuditSourceFilter = (typeof AUDIT_SOURCE_FILTERS)[number];
export const AUDIT_PAGE_SIZE = 50;
/** The CSV export holds at most this many entries, the newest. */
export const AUDIT_EXPORT_MAX = 10_000;
export const AUDIT_USER_MAX = 254;

const DATE_MESSAGE = 'Dates are YYYY-MM-DD.';
/** A real calendar day as YYYY-MM-DD (no 2025-02-30). */
export function isDayKey(value: string): boolean {
  return /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) && addDays(value, 0) === value;
}
const daySchema = z.string(DATE_MESSAGE).refine(isDayKey, DATE_MESSAGE);

const auditFilterShape = {
    source: emptyAsMissing(z.enum(AUDIT_SOURCE_FILTERS, 'source must be all, admin or system.').default('all')),
    /** A system log's type or an admin log's action, exactly. */
    type: emptyAsMissing(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Type may hold letters, digits and _ . : - only.').optional()),
    /** A user id, exactly, or part of an email address (any case). */
    user: emptyAsMissing(
      safeText('User')
        .trim()
        .max(AUDIT_USER_MAX, `User must be at most ${AUDIT_USER_MAX} characters.`)
        .optional()
        .transform((v) => v || undefined),
    ),
    /** UTC days, both included. */
    from: emptyAsMissing(daySchema.optional()),
    to: emptyAsMissing(daySchema.optional()),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const DATES_OUT_OF_ORDER = { message: 'The start date must not be after the end date.', path: ['from'] };

export const auditFilterSchema = z.object(auditFilterShape).refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AuditFilter = z.infer<typeof auditFilterSchema>;
/** The filters as a form holds them and the address carries them: empty means any. */
export interface AuditFilterValues {
  source: AuditSourceFilter;
  type: string;
  user: string;
  from: string;
  to: string;
}
export const EMPTY_AUDIT_FILTER: AuditFilterValues = { source: 'all', type: '', user: '', from: '', to: '' };

export const auditQuerySchema = z.object({ ...auditFilterShape, cursor: cursorSchema }).refine(datesInOrder, DATES_OUT_OF_ORDER);

export const auditUserSchema = z.object({ uid: z.string(), displayName: z.string().nullable(), email: z.string() });
export type AuditUser = z.infer<typeof auditUserSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  source: z.enum(AUDIT_SOURCES),
  timestamp: z.string(),
  /** systemLogs.type, or adminLogs.action. */
  type: z.string(),
  /** systemLogs.action; null for admin entries (their action is the type). */
  action: z.string().nullable(),
  user: auditUserSchema.nullable(),
  /** adminLogs.target or systemLogs.resource. */
  target: z.string().nullable(),
  /** As stored: already redacted (people's words replaced by their length). */
  details: z.unknown(),
  level: z.string(),
  message: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditTypesSchema = z.object({ types: z.array(z.string()) });

/** One thing an entry keeps, as the log shows it: "reason: Spam links". */
export interface AuditDetailPart {
  label: string;
  value: string;
}

/** "targetUid" and "feature_request_id" as words: "target uid", "feature request id". */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'none';
  if (typeof value === 'object') return auditDetailParts(value).map((part) => `${part.label}: ${part.value}`).join(', ') || 'none';
  return String(value);
}

/**
 * What an audit entry's details keep, in words: one "label: value" per field, the
 * reason first (the admin's own words are what a reader looks for), nested fields flattened
 * under their parent's name. Values are shown as stored: people's words were replaced by
 * their length when the entry was written, and stay so.
 */
export function auditDetailParts(details: unknown, prefix = ''): AuditDetailPart[] {
  if (details === null || details === undefined) return [];
  if (typeof details !== 'object' || Array.isArray(details)) return [{ label: prefix || 'details', value: valueText(details) }];
  const entries = Object.entries(details).sort(([a], [b]) => Number(b === 'reason') - Number(a === 'reason'));
  return entries.flatMap(([key, value]) => {
    const label = prefix ? `${prefix} ${words(key)}` : words(key);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? auditDetailParts(value, label) : [{ label, value: valueText(value) }];
  });
}

// ---------------------------------------------------------------------------------------------
// Texts

export const ADMIN_TEXTS = {
  dashboardFailed: 'Could not load the dashboard.',
  notificationsFailed: 'Could not load notifications.',
  markReadFailed: 'Could not mark the notification as read.',
  markAllReadFailed: 'Could not mark the notifications as read.',
  noNotifications: 'No notifications yet.',
  auditFailed: 'Could not load the audit log.',
  noAuditEntries: 'No log entries match these filters.',
  /** What the log keeps, and the exception it makes (an admin's own words), said on its screen. */
  auditPromise:
    'Admin actions and system events, newest first. What writers wrote is never kept, only its length. What admins wrote themselves is kept as written: moderation reasons and greeting texts.',
  anyType: 'Any type',
} as const;
