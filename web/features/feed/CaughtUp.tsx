import { CheckCircle2 } from 'lucide-react';
import { SOCIAL_TEXTS } from '@common/follows/follows';

/** The line between the stories the reader has not seen yet and those they had. */
export function CaughtUp() {
  return (
    <li className="flex items-center gap-3 py-1 text-sm font-medium text-muted" data-testid="caught-up" role="separator" aria-label={SOCIAL_TEXTS.caughtUp}>
      <span aria-hidden className="h-px flex-1 bg-line" />
      <span aria-hidden className="inline-flex items-center gap-1.5">
        <CheckCircle2 className="size-4 text-accent-ink" />
        {SOCIAL_TEXTS.caughtUp}
      </span>
      <span aria-hidden className="h-px flex-1 bg-line" />
    </li>
  );
}
