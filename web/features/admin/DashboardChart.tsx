import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { METRICS, SERIES_KEYS, type DayPoint, type SeriesKey } from '@common/admin/admin';

/*
 * The dashboard's daily chart. Recharts is loaded only from here, and this module only
 * through React.lazy on the admin panel, so the library stays out of every other screen's
 * code (docs/decisions/0012-admin-dashboard-and-audit.md).
 */

/** Each series' colour as a CSS variable, a lighter shade in the dark modes so lines stand out on dark surfaces. */
const COLOURS =
  '[--chart-signups:#0284c7] [--chart-activeWriters:#7c3aed] [--chart-storiesPublished:#059669] [--chart-comments:#d97706] ' +
  'dark:[--chart-signups:#38bdf8] dark:[--chart-activeWriters:#a78bfa] dark:[--chart-storiesPublished:#34d399] dark:[--chart-comments:#fbbf24]';

/** Day keys are UTC calendar days: shown as such whatever the reader's zone. */
const tickFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const labelFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

const DASHES: Partial<Record<SeriesKey, string>> = { activeWriters: '6 3', comments: '2 3' };

export function DashboardChart({ series }: { series: DayPoint[] }) {
  return (
    <div className={`h-72 w-full sm:h-80 ${COLOURS}`} data-testid="dashboard-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={series}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          title="Daily activity"
          desc="Sign-ups, active writers, stories published and comments per UTC day; use the arrow keys to read each day."
        >
          <CartesianGrid stroke="var(--app-line)" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(day: string) => tickFormat.format(asDate(day))}
            stroke="var(--app-line)"
            tick={{ fill: 'var(--app-muted)', fontSize: 12 }}
            minTickGap={24}
          />
          <YAxis allowDecimals={false} stroke="var(--app-line)" tick={{ fill: 'var(--app-muted)', fontSize: 12 }} width={48} />
          <Tooltip
            labelFormatter={(day) => labelFormat.format(asDate(String(day)))}
            contentStyle={{ background: 'var(--app-surface)', border: '1px solid var(--app-line)', borderRadius: 8, color: 'var(--app-fg)' }}
            labelStyle={{ color: 'var(--app-fg)', fontWeight: 600 }}
          />
          {/* Legend text in the page's text colour: the series colours are for lines, not small text. */}
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13 }} formatter={(name: string) => <span className="text-fg">{name}</span>} />
          {SERIES_KEYS.map((key) => (
            <Line
              key={key}
              type="linear"
              dataKey={key}
              name={METRICS[key].label}
              stroke={`var(--chart-${key})`}
              strokeWidth={2}
              strokeDasharray={DASHES[key]}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
