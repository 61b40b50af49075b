import { CalendarDays, Dices, X } from 'lucide-react';
import { type Prompt, type PromptInput } from '@common/prompts/prompts';
import { randomPrompt, samePrompt } from '@common/prompts/rules';
import { focusRing } from '../../../components/ui';
import { PromptChips } from '../PromptChips';

interface PromptPickerProps {
  prompt: Prompt | null;
  today: PromptInput;
  onChange: (prompt: PromptInput | null) => void;
}

const choice = `inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium ${focusRing}`;
const on = 'border-accent-600 bg-accent-soft text-accent-soft-ink';
const off = 'border-line bg-surface text-fg hover:bg-subtle';

/** The prompt attached to the story: today's (the default), a random one, or none. */
export function PromptPicker({ prompt, today, onChange }: PromptPickerProps) {
  const isToday = samePrompt(prompt, today);
  return (
    <fieldset className="rounded-xl border border-line bg-surface p-4" data-testid="prompt-picker">
      <legend className="px-1 text-sm font-semibold text-fg">Prompt</legend>
      <div className="min-h-8">
        {prompt ? (
          <PromptChips prompt={prompt} size="md" />
        ) : (
          <p className="py-1 text-sm text-muted">No prompt: write whatever you like.</p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" aria-pressed={isToday} className={`${choice} ${isToday ? on : off}`} onClick={() => onChange(today)} data-testid="prompt-today">
          <CalendarDays aria-hidden className="size-4" />
          Today’s prompt
        </button>
        <button type="button" className={`${choice} ${off}`} onClick={() => onChange(randomPrompt())} data-testid="prompt-random">
          <Dices aria-hidden className="size-4" />
          Random prompt
        </button>
        <button type="button" aria-pressed={prompt === null} className={`${choice} ${prompt === null ? on : off}`} onClick={() => onChange(null)} data-testid="prompt-none">
          <X aria-hidden className="size-4" />
          No prompt
        </button>
      </div>
    </fieldset>
  );
}
