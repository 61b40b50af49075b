import { Globe, Lock } from 'lucide-react';

/** The card's Public / Private badge. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-soft-ink" data-testid="visibility-badge">
      <Globe aria-hidden className="size-3" />
      Public
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-line bg-subtle px-2 py-0.5 text-xs font-semibold text-fg" data-testid="visibility-badge">
      <Lock aria-hidden className="size-3" />
      Private
    </span>
  );
}
