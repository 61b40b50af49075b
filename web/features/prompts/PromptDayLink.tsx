import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import type { DayKey } from '@common/prompts/rules';
import { textLink } from '../../components/ui';
import { formatPromptDay } from './format';

/** "Written to the prompt of 3 November 2026", linking to that day's prompt page. */
export function PromptDayLink({ day, className = '' }: { day: DayKey; className?: string }) {
  return (
    <p className={`inline-flex items-center gap-1.5 text-sm text-muted ${className}`} data-testid="prompt-day-link">
      <CalendarDays aria-hidden className="size-4 shrink-0 text-accent-ink" />
      <span>
        Written to the{' '}
        <Link to={`/prompt/${day}`} className={textLink}>
          prompt of {formatPromptDay(day)}
        </Link>
      </span>
    </p>
  );
}
