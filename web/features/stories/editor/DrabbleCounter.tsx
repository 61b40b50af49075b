import { drabbleCounter } from '@common/stories/words';

/**
 * The editor's drabble counter: "87 / 100", and at exactly 100 words (the title not counted)
 * "100 ✓ Perfect drabble". Reaching or leaving the hundred is announced once, not every word.
 */
export function DrabbleCounter({ words }: { words: number }) {
  const { text, perfect } = drabbleCounter(words);
  return (
    <>
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums ${
          perfect ? 'bg-accent-600 text-white' : 'border border-line bg-subtle text-muted'
        }`}
        title="Words towards a drabble: exactly 100, the title not counted"
        data-testid="drabble-counter"
        data-perfect={perfect}
      >
        {text}
      </span>
      <span className="sr-only" aria-live="polite">
        {perfect ? 'Perfect drabble: exactly 100 words.' : ''}
      </span>
    </>
  );
}
