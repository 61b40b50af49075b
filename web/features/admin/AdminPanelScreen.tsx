import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Flag, Globe, MessageSquareText, PartyPopper, ScrollText, Settings2, Trophy, UsersRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_TEXTS, DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE, isDashboardRange, type Dashboard, type DashboardRange } from '@common/admin/admin';
import { REPORT_TARGET_TYPES, type OpenReportCounts, type ReportTargetType } from '@common/moderation/moderation';
import { REGISTRATION_TEXTS } from '@common/registration/registration';
import { LoadError } from '../../components/LoadError';
import { SegmentedControl } from '../../components/SegmentedControl';
import { card, focusRing, textLink } from '../../components/ui';
import { formatDate, formatNumber } from '../../lib/format';
import { openReportCountsQuery } from '../moderation';
import { adminOverviewQuery, dashboardQuery } from './api';
import { MetricCard } from './MetricCard';
import { BackupStatusCard } from './BackupStatusCard';

// Its own chunk: the chart library loads only when an admin opens the dashboard.
const DashboardChart = lazy(() => import('./DashboardChart').then((m) => ({ default: m.DashboardChart })));

const ADMIN_SECTIONS = [
  { to: '/admin/reports', label: 'Reports', description: 'Review what readers reported and act on it.', icon: Flag },
  { to: '/admin/users', label: 'Users', description: 'Find accounts, see their history, warn, limit or suspend.', icon: UsersRound },
  { to: '/admin/feature-requests', label: 'Feature Requests', description: 'Read and answer what writers ask for.', icon: MessageSquareText },
  { to: '/admin/greetings', label: 'Greetings', description: 'Manage the greetings writers see.', icon: PartyPopper },
  { to: '/admin/contests', label: 'Contests', description: 'Run the weekly contest: prompts, windows, disqualifications.', icon: Trophy },
  { to: '/admin/audit', label: 'Audit log', description: 'What admins changed and what the system recorded.', icon: ScrollText },
  { to: '/admin/federation', label: 'Federation', description: 'Other fediverse servers: block or silence them; how deliveries are going.', icon: Globe },
  { to: '/admin/settings', label: 'Site settings', description: 'Who may join: open, approval or invite only; invite links; blocked email domains.', icon: Settings2 },
] as const;

const RANGE_OPTIONS = DASHBOARD_RANGES.map((days) => ({ value: String(days) as `${DashboardRange}`, label: `${days} days` }));

const KIND_LABELS: Record<ReportTargetType, string> = { story: 'Stories', comment: 'Comments', profile: 'Profiles', message: 'Messages', anthology: 'Anthologies' };

/** What waits in the queue now, in all and per kind; live with the queue. */
function OpenReports() {
  const { data, isPending, isError, refetch } = useQuery(openReportCountsQuery);
  return (
    <section aria-labelledby="open-reports-heading" className={`${card} flex flex-col gap-4`} data-testid="open-reports">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="open-reports-heading" className="text-xl font-semibold text-fg">
          Open reports
        </h2>
        <Link to="/admin/reports" className={`${textLink} text-sm`}>
          Review reports
        </Link>
      </div>
      {isPending ? (
        <p role="status" className="text-muted">
          Loading the open reports…
        </p>
      ) : isError ? (
        <LoadError message="Could not load the open reports." onRetry={() => void refetch()} />
      ) : (
        <OpenReportCountsBody counts={data} />
      )}
    </section>
  );
}

/** "· 3 open" after the Reports link's name (the same cached answer as the card). */
function OpenCount() {
  const open = useQuery(openReportCountsQuery).data?.open;
  if (!open) return null;
  return <span className="font-normal text-muted"> · {formatNumber(open)} open</span>;
}

function OpenReportCountsBody({ counts }: { counts: OpenReportCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
      <div className="col-span-2 flex flex-col gap-0.5 sm:col-span-1">
        <dt className="text-sm text-muted">In all</dt>
        <dd className="text-3xl font-bold text-fg tabular-nums" data-testid="open-reports-total">
          {formatNumber(counts.open)}
        </dd>
      </div>
      {REPORT_TARGET_TYPES.map((type) => (
        <div key={type} className="flex flex-col gap-0.5">
          <dt className="text-sm text-muted">{KIND_LABELS[type]}</dt>
          <dd className="text-xl font-semibold text-fg tabular-nums" data-testid={`open-reports-${type}`}>
            {formatNumber(counts.byType[type])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function UserCount() {
  const { data, isPending, isError } = useQuery(adminOverviewQuery);
  if (isPending) return <p className="mt-2 text-muted">Loading user count…</p>;
  if (isError) return <p className="mt-2 text-red-700 dark:text-red-300">Could not load the user count.</p>;
  return (
    <>
      <p className="mt-2 text-muted">
        Registered users: <strong data-testid="admin-user-count" className="text-fg">{data.users}</strong>
      </p>
      {/* Approval mode: nobody else tells the admins that someone waits. */}
      {data.waiting > 0 && (
        <p className="mt-3 rounded-lg border border-line bg-subtle px-3 py-2 text-sm text-fg" data-testid="admin-waiting-notice">
          <Link to="/admin/users?status=waiting" className={textLink}>
            {REGISTRATION_TEXTS.waitingCount(data.waiting)}
          </Link>
        </p>
      )}
    </>
  );
}

/** The chosen range lives in the address (?days=7), so a reload or a shared link keeps it. */
function useRange(): [DashboardRange, (days: DashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = isDashboardRange(asked) ? asked : DEFAULT_DASHBOARD_RANGE;
  return [days, (next) => setParams(next === DEFAULT_DASHBOARD_RANGE ? {} : { days: String(next) }, { replace: true })];
}

function ChartFallback() {
  return (
    <div role="status" className="grid h-72 place-items-center text-sm text-muted sm:h-80">
      Loading chart…
    </div>
  );
}

function DashboardBody({ dashboard, stale }: { dashboard: Dashboard; stale: boolean }) {
  const { period } = dashboard;
  return (
    <div className={`flex flex-col gap-4 transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
      <p className="text-sm text-muted" data-testid="dashboard-period">
        {formatDate(`${period.from}T12:00:00Z`)} – {formatDate(`${period.to}T12:00:00Z`)} (UTC), compared with the {dashboard.days} days before.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Metrics">
        {dashboard.metrics.map((metric) => (
          <MetricCard key={metric.key} metric={metric} />
        ))}
      </ul>
      <figure className={card}>
        <figcaption className="mb-4 font-semibold text-fg">Daily activity</figcaption>
        <Suspense fallback={<ChartFallback />}>
          <DashboardChart series={dashboard.series} />
        </Suspense>
      </figure>
    </div>
  );
}

function DashboardSection() {
  const [days, setDays] = useRange();
  const { data, isPending, isPlaceholderData, refetch } = useQuery(dashboardQuery(days));
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-heading" className="text-xl font-semibold text-fg">
          Dashboard
        </h2>
        <SegmentedControl label="Range" options={RANGE_OPTIONS} value={`${days}`} onChange={(value) => setDays(Number(value) as DashboardRange)} testId="dashboard-range" />
      </div>
      {isPending ? (
        <p role="status" className="text-muted">
          Loading the dashboard…
        </p>
      ) : data ? (
        <DashboardBody dashboard={data} stale={isPlaceholderData} />
      ) : (
        <LoadError message={ADMIN_TEXTS.dashboardFailed} onRetry={() => void refetch()} />
      )}
    </section>
  );
}

export function AdminPanelScreen() {
  return (
    <div className="flex flex-col gap-6" data-testid="admin-panel">
      <title>Admin Panel · Drabble</title>
      <section aria-labelledby="screen-heading" className={card}>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          Admin Panel
        </h1>
        <UserCount />
      </section>
      <OpenReports />
      <nav aria-label="Admin sections">
        <ul className="grid gap-4 sm:grid-cols-3">
          {ADMIN_SECTIONS.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={`${card} flex h-full items-start gap-4 p-5 hover:border-accent-500 ${focusRing}`}>
                <Icon aria-hidden className="size-6 shrink-0 text-accent-ink" />
                <span>
                  <span className="block font-semibold text-fg">
                    {label}
                    {to === '/admin/reports' && <OpenCount />}
                  </span>
                  <span className="mt-1 block text-sm text-muted">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DashboardSection />
      <BackupStatusCard />
    </div>
  );
}
