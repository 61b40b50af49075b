import { Drama, Shuffle, Sparkles } from 'lucide-react';
import type { Prompt } from '@common/prompts/prompts';

const PARTS = [
  { key: 'genre', label: 'Genre', icon: Drama },
  { key: 'theme', label: 'Theme', icon: Sparkles },
  { key: 'twist', label: 'Twist', icon: Shuffle },
] as const;

/** The prompt as three chips: genre, theme, twist. */
export function PromptChips({ prompt, size = 'sm', className = '' }: { prompt: Prompt; size?: 'sm' | 'md'; className?: string }) {
  const chip =
    size === 'sm'
      ? 'gap-1 px-2 py-0.5 text-xs'
      : 'gap-1.5 px-3 py-1 text-sm';
  return (
    <ul aria-label="Prompt" className={`flex flex-wrap gap-1.5 ${className}`} data-testid="prompt-chips">
      {PARTS.map(({ key, label, icon: Icon }) => (
        <li key={key} className={`inline-flex max-w-full items-center rounded-full border border-line bg-subtle text-fg ${chip}`} data-testid={`prompt-${key}`}>
          <Icon aria-hidden className={size === 'sm' ? 'size-3 shrink-0 text-accent-ink' : 'size-4 shrink-0 text-accent-ink'} />
          <span className="sr-only">{label}: </span>
          <span className="truncate">{prompt[key]}</span>
        </li>
      ))}
    </ul>
  );
}
