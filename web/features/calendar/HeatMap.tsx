import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Snowflake } from 'lucide-react';
import { dayTooltip, formatMonthShort, type CalendarCell, type CalendarGrid } from '@common/calendar/calendar';
import { addDays } from '@common/streaks/rules';
import type { DayKey } from '@common/prompts/rules';
import { focusRing } from '../../components/ui';
import { FROZEN_CLASS, FROZEN_ICON_CLASS, LEVEL_CLASSES, MET_DOT_CLASS } from './cells';

const CELL = 10;
const GAP = 3;
const STEP = CELL + GAP;
/** A month label needs this many columns before the next one. */
const LABEL_COLUMNS = 3;
const WEEKDAY_LABELS = ['Mon', '', 'Wed', '', 'Fri', '', ''];

interface TipPlace {
  text: string;
  left: number;
  top: number;
  align: 'start' | 'center' | 'end';
}

/**
 * The year as a grid of day cells (Monday to Sunday down, weeks across), month labels above.
 * Screen readers get the table instead (CalendarTable): the grid is hidden from them. Its
 * scroll box is one tab stop: arrow keys move a day (left/right a week), Home and End jump to
 * the first day and today, and the day's tooltip shows as on hover and is announced.
 */
export function HeatMap({ grid, dailyGoal }: { grid: CalendarGrid; dailyGoal: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<DayKey>(grid.end);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState<DayKey | null>(null);
  const [tip, setTip] = useState<TipPlace | null>(null);

  const cells = new Map<DayKey, CalendarCell>();
  grid.weeks.forEach((week) => week.cells.forEach((cell) => cell && cells.set(cell.day, cell)));
  const shown = hovered ?? (focused ? active : null);
  const shownCell = shown ? cells.get(shown) : undefined;
  const shownText = shownCell ? dayTooltip(shownCell, dailyGoal, grid.end) : '';

  // Phones see the latest weeks first, today included, also after the window narrows (until the writer scrolls).
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    let scrolledByHand = false;
    const toEnd = () => {
      if (!scrolledByHand) box.scrollLeft = box.scrollWidth;
    };
    const byHand = () => (scrolledByHand = true);
    toEnd();
    const observer = new ResizeObserver(toEnd);
    observer.observe(box);
    box.addEventListener('wheel', byHand, { passive: true });
    box.addEventListener('touchstart', byHand, { passive: true });
    box.addEventListener('keydown', byHand);
    return () => {
      observer.disconnect();
      box.removeEventListener('wheel', byHand);
      box.removeEventListener('touchstart', byHand);
      box.removeEventListener('keydown', byHand);
    };
  }, [grid.end]);

  // The tooltip sits above its cell, outside the scroll box so it is never clipped.
  useLayoutEffect(() => {
    const box = frame.current;
    const cell = shown ? box?.querySelector<HTMLElement>(`[data-day="${shown}"]`) : null;
    if (!box || !cell) return setTip(null);
    const place = () => {
      const outer = box.getBoundingClientRect();
      const rect = cell.getBoundingClientRect();
      const left = rect.left + rect.width / 2 - outer.left;
      const align = left < 110 ? 'start' : left > outer.width - 110 ? 'end' : 'center';
      setTip({ text: shownText, left, top: rect.top - outer.top, align });
    };
    place();
    const box2 = scroller.current;
    box2?.addEventListener('scroll', place, { passive: true });
    return () => box2?.removeEventListener('scroll', place);
  }, [shown, shownText]);

  const move = (day: DayKey) => {
    const target = day < grid.start ? grid.start : day > grid.end ? grid.end : day;
    setActive(target);
    setHovered(null);
    frame.current?.querySelector(`[data-day="${target}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => void> = {
      ArrowLeft: () => move(addDays(active, -7)),
      ArrowRight: () => move(addDays(active, 7)),
      ArrowUp: () => move(addDays(active, -1)),
      ArrowDown: () => move(addDays(active, 1)),
      Home: () => move(grid.start),
      End: () => move(grid.end),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    step();
  };

  const labels = grid.months.filter((m, i) => (grid.months[i + 1]?.column ?? Infinity) - m.column >= LABEL_COLUMNS);
  const columns = `repeat(${grid.weeks.length}, ${CELL}px)`;

  return (
    <div ref={frame} className="relative">
      {/* The weekday labels sit outside the scroll box, so they stay in view however far back the writer scrolls. */}
      <div className="flex gap-1.5">
        <div
          aria-hidden
          data-testid="heat-map-weekdays"
          className="grid shrink-0 pt-6 text-[10px] leading-none text-muted"
          style={{ gridTemplateRows: `repeat(7, ${CELL}px)`, rowGap: GAP }}
        >
          {WEEKDAY_LABELS.map((label, i) => (
            <span key={i} className="w-6">
              {label}
            </span>
          ))}
        </div>
        <div
          ref={scroller}
          tabIndex={0}
          role="group"
          aria-label="Heat map of words per day. Arrow keys move between days; Home and End go to the first day and today."
          className={`min-w-0 flex-1 overflow-x-auto rounded-md pb-2 ${focusRing}`}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          data-testid="heat-map"
        >
          {/* Room on both sides for the ring that marks today and the focused day. */}
          <div aria-hidden className="w-max px-1 pt-1">
            <div className="relative h-5 text-[10px] leading-none text-muted">
              {labels.map((m) => (
                <span key={m.month} className="absolute top-1" style={{ left: m.column * STEP }}>
                  {formatMonthShort(m.month)}
                </span>
              ))}
            </div>
            <div className="grid grid-flow-col" style={{ gridTemplateRows: `repeat(7, ${CELL}px)`, gridTemplateColumns: columns, gap: GAP }}>
              {grid.weeks.flatMap((week) =>
                week.cells.map((cell, i) =>
                  cell ? (
                    <Cell key={cell.day} cell={cell} active={focused && cell.day === active} onHover={setHovered} />
                  ) : (
                    <span key={`${week.start}-${i}`} />
                  ),
                ),
              )}
            </div>
          </div>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {focused && !hovered ? shownText : ''}
      </p>
      {tip && (
        <div
          aria-hidden
          data-testid="heat-map-tooltip"
          className="pointer-events-none absolute z-10 w-max max-w-60 rounded-md bg-gray-900 px-2 py-1 text-xs text-white shadow-lg dark:bg-gray-100 dark:text-gray-900"
          style={{
            left: tip.left,
            top: tip.top - 6,
            transform: `translate(${tip.align === 'start' ? '-12px' : tip.align === 'end' ? 'calc(-100% + 12px)' : '-50%'}, -100%)`,
          }}
        >
          {tip.text}
        </div>
      )}
    </div>
  );
}

function Cell({ cell, active, onHover }: { cell: CalendarCell; active: boolean; onHover: (day: DayKey | null) => void }) {
  const look = cell.frozen ? FROZEN_CLASS : LEVEL_CLASSES[cell.level];
  const ring = active ? 'outline-2 outline-offset-1 outline-fg' : cell.today ? 'outline-1 outline-offset-1 outline-accent-500' : '';
  return (
    <span
      data-day={cell.day}
      data-words={cell.words}
      data-level={cell.level}
      data-frozen={cell.frozen || undefined}
      className={`flex items-center justify-center rounded-[2px] ${look} ${ring}`}
      onMouseEnter={() => onHover(cell.day)}
      onMouseLeave={() => onHover(null)}
    >
      {cell.frozen ? <Snowflake className={`size-2 ${FROZEN_ICON_CLASS}`} strokeWidth={3} /> : cell.level >= 3 && <span className={MET_DOT_CLASS} />}
    </span>
  );
}
