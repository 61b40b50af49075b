import { changeTone, METRICS, type DashboardMetric, type MetricDirection } from '@common/admin/admin';
import { formatNumber } from '../../lib/format';

function formatValue(metric: DashboardMetric, value: number | null): string {
  if (value === null) return '—';
  return METRICS[metric.key].unit === 'hours' ? `${formatNumber(value)} h` : formatNumber(value);
}

/** Green when the number moved the good way for this metric, red the other way, grey when neither means anything. */
const TONES = {
  good: 'text-emerald-700 dark:text-emerald-300',
  bad: 'text-red-700 dark:text-red-300',
  neutral: 'text-muted',
} as const;

function Change({ change, better }: { change: number | null; better: MetricDirection }) {
  if (change === null) {
    return (
      <span className="text-muted" data-testid="metric-change">
        <span aria-hidden>—</span>
        <span className="sr-only">no change to compare</span>
      </span>
    );
  }
  const percent = `${formatNumber(Math.abs(change))}%`;
  const [arrow, words] = change > 0 ? ['▲ ', `up ${percent}`] : change < 0 ? ['▼ ', `down ${percent}`] : ['', 'unchanged'];
  return (
    <span className={`font-semibold ${TONES[changeTone(change, better)]}`} data-testid="metric-change">
      <span aria-hidden>
        {arrow}
        {percent}
      </span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

/** One dashboard number: this period's value, the previous period's, the change, and how it is counted. */
export function MetricCard({ metric }: { metric: DashboardMetric }) {
  const definition = METRICS[metric.key];
  return (
    <li className="flex flex-col rounded-xl border border-line bg-surface p-4 shadow-sm" data-testid={`metric-${metric.key}`}>
      <h3 className="text-sm font-medium text-muted">{metric.label}</h3>
      <p className="mt-1 text-3xl font-bold tracking-tight text-fg" data-testid="metric-value">
        {formatValue(metric, metric.current)}
      </p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
        <Change change={metric.changePercent} better={definition.better} />
        <span className="text-muted">
          Previous: <span data-testid="metric-previous">{formatValue(metric, metric.previous)}</span>
        </span>
      </p>
      <p className="mt-2 text-xs text-muted">{definition.description}</p>
    </li>
  );
}
