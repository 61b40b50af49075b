import type { DiffPart } from '@common/story-versions/word-diff';

/**
 * A word diff as running text: words only in the version shown are highlighted (<ins>), words
 * only in the current story are struck through (<del>). Screen readers hear each change named.
 */
export function DiffText({ parts, testId }: { parts: DiffPart[]; testId?: string }) {
  return (
    <span className="whitespace-pre-wrap" data-testid={testId}>
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={i} className="rounded-sm bg-accent-soft px-0.5 text-accent-soft-ink no-underline decoration-2 underline-offset-2" data-diff="version">
            <span className="sr-only">[only in this version: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <del key={i} className="rounded-sm bg-red-100 px-0.5 text-red-800 line-through dark:bg-red-950 dark:text-red-200" data-diff="current">
            <span className="sr-only">[only in the current story: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ),
      )}
    </span>
  );
}

/** What the two highlights mean. */
export function DiffLegend() {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" data-testid="diff-legend">
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-3 rounded-sm bg-accent-soft ring-1 ring-accent-600" />
        Only in this version
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-3 rounded-sm bg-red-100 ring-1 ring-red-700 dark:bg-red-950" />
        <span className="line-through">Only in the current story</span>
      </span>
    </p>
  );
}
