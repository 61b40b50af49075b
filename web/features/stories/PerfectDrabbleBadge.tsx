import { BadgeCheck } from 'lucide-react';
import { DRABBLE_WORDS } from '@common/stories/words';

/** Marks a story of exactly 100 words, on cards and on the story page. */
export function PerfectDrabbleBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full border border-accent-600 px-2 py-0.5 text-xs font-semibold text-accent-ink ${className}`}
      title={`Exactly ${DRABBLE_WORDS} words`}
      data-testid="perfect-drabble-badge"
    >
      <BadgeCheck aria-hidden className="size-3.5" />
      Perfect drabble
    </span>
  );
}
