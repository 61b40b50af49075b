import type { Kysely } from 'kysely';
import {
  dashboardPeriods,
  median,
  METRICS,
  percentChange,
  zeroFilledSeries,
  type Dashboard,
  type DashboardMetric,
  type DashboardRange,
  type MetricKey,
  type Period,
} from '@common/admin/admin';
import { addDays } from '@common/streaks/streak';
import type { DayKey } from '@common/prompts/prompts';
import type { Database } from '../../db/types';
import { activeWriterCounts, countByDay, firstAdminResponses, openRequests, publishedByDay } from './queries/dashboard';

type Db = Kysely<Database>;

/** The dashboard's numbers (docs/decisions/0012 defines each), counted by SQL aggregates per UTC day. */

/** The first instant of a UTC day, as timestamps are stored (ISO strings compare as text). */
const startOf = (day: DayKey) => `${day}T00:00:00.000Z`;
/** Timestamps within a period: from its first instant up to (not including) the day after it. */
const bounds = ({ from, to }: Period) => [startOf(from), startOf(addDays(to, 1))] as const;

interface DayCount {
  day: string;
  n: number | string | bigint;
}

/** Counts per day, and the totals of both periods. */
interface Daily {
  byDay: Map<DayKey, number>;
  current: number;
  previous: number;
}

function daily(rows: DayCount[], current: Period): Daily {
  const byDay = new Map<DayKey, number>();
  let inCurrent = 0;
  let inPrevious = 0;
  for (const row of rows) {
    const n = Number(row.n);
    byDay.set(row.day, n);
    if (row.day >= current.from) inCurrent += n;
    else inPrevious += n;
  }
  return { byDay, current: inCurrent, previous: inPrevious };
}

/** Writers with words saved per day, and distinct writers over each period (a writer active on many days counts once). */
async function activeWriters(db: Db, whole: Period, current: Period): Promise<Daily> {
  const [rows, totals] = await activeWriterCounts(db, whole, current.from);
  return { byDay: daily(rows, current).byDay, current: Number(totals.current), previous: Number(totals.previous) };
}

const HOUR_MS = 3_600_000;

/** Median hours from a request to its first admin response, over answered requests sent in each period. */
async function medianFirstResponse(db: Db, window: readonly [string, string], currentStart: string) {
  const rows = await firstAdminResponses(db, window);
  const current: number[] = [];
  const previous: number[] = [];
  for (const row of rows) {
    const hours = Math.max(0, Date.parse(String(row.firstResponse)) - Date.parse(row.created_at)) / HOUR_MS;
    (row.created_at >= currentStart ? current : previous).push(hours);
  }
  const rounded = (values: number[]) => {
    const middle = median(values);
    return middle === null ? null : Math.round(middle * 10) / 10;
  };
  return { current: rounded(current), previous: rounded(previous) };
}

function metric(key: MetricKey, current: number | null, previous: number | null): DashboardMetric {
  return { key, label: METRICS[key].label, current, previous, changePercent: percentChange(current, previous) };
}

/** The dashboard for the `days` UTC days ending today, compared with the `days` before them. */
export async function loadDashboard(db: Db, days: DashboardRange, now = new Date()): Promise<Dashboard> {
  const { current, previous } = dashboardPeriods(now, days);
  const whole: Period = { from: previous.from, to: current.to };
  const window = bounds(whole);
  const currentStart = startOf(current.from);
  const [signups, comments, published, writers, open, response] = await Promise.all([
    countByDay(db, 'users', 'created_at', window).then((rows) => daily(rows, current)),
    countByDay(db, 'storyComments', 'created_at', window).then((rows) => daily(rows, current)),
    publishedByDay(db, window).then((rows) => daily(rows, current)),
    activeWriters(db, whole, current),
    openRequests(db, window, currentStart),
    medianFirstResponse(db, window, currentStart),
  ]);
  return {
    days,
    period: current,
    previousPeriod: previous,
    metrics: [
      metric('signups', signups.current, signups.previous),
      metric('activeWriters', writers.current, writers.previous),
      metric('storiesPublished', published.current, published.previous),
      metric('comments', comments.current, comments.previous),
      metric('openFeatureRequests', open.current, open.previous),
      metric('medianFirstResponseHours', response.current, response.previous),
    ],
    series: zeroFilledSeries(current, {
      signups: signups.byDay,
      activeWriters: writers.byDay,
      storiesPublished: published.byDay,
      comments: comments.byDay,
    }),
  };
}
