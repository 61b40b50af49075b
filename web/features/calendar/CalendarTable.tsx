import { calendarMonths, formatDay, formatMonth, type CalendarGrid } from '@common/calendar/calendar';
import { formatNumber } from '../../lib/format';

const DAY_NUMBERS = Array.from({ length: 31 }, (_, i) => i + 1);

/** For screen readers: the heat map as a table, a row per month and a column per day of the month. */
export function CalendarTable({ grid }: { grid: CalendarGrid }) {
  const months = calendarMonths(grid);
  return (
    // A table ignores a width below its content's: the sr-only box goes around it.
    <div className="sr-only">
      <table data-testid="calendar-table">
        <caption>
          Words written per day, {formatDay(grid.start, undefined, { weekday: false })} to {formatDay(grid.end, undefined, { weekday: false })}. Frozen: a streak freeze
          covered the day.
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {DAY_NUMBERS.map((n) => (
              <th key={n} scope="col">
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map(({ month, cells }) => {
            const byNumber = new Map(cells.map((c) => [Number(c.day.slice(8)), c]));
            return (
              <tr key={month}>
                <th scope="row">{formatMonth(month)}</th>
                {DAY_NUMBERS.map((n) => {
                  const cell = byNumber.get(n);
                  return <td key={n}>{cell ? (cell.frozen ? 'frozen' : formatNumber(cell.words)) : ''}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
