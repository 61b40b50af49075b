import type { Prompt } from '@common/prompts/prompts';

const PARTS = ['genre', 'theme', 'twist'] as const;

/** A prompt's genre, theme and twist as three labelled boxes (the home card and prompt pages). */
export function PromptParts({ prompt, testIdPrefix }: { prompt: Prompt; testIdPrefix: string }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {PARTS.map((part) => (
        <div key={part} className="rounded-lg bg-subtle p-3">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{part}</dt>
          <dd className="mt-1 font-medium text-fg" data-testid={`${testIdPrefix}-${part}`}>
            {prompt[part]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
