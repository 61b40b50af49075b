import { useId, useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { type StoryWarnings } from '@common/stories/content-warnings';
import { CONTENT_WARNING_TEXTS, CONTENT_WARNINGS, contentWarningLabel, hasContentWarnings, inListOrder, textIsGated, type ContentWarning } from '@common/stories/content-warning-rules';
import { secondaryButton } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';

/** A story's warnings and its note, on cards and the story page; nothing when it carries none. */
export function ContentWarningList({ story, className = '' }: { story: StoryWarnings; className?: string }) {
  if (!hasContentWarnings(story)) return null;
  return (
    <div className={`rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${className}`} data-testid="content-warnings">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        <span className="font-semibold">{CONTENT_WARNING_TEXTS.heading}:</span>
        {story.contentWarnings.map((key) => (
          <span key={key} className="rounded-full border border-amber-400 px-2 py-0.5 text-xs font-medium dark:border-amber-600" data-testid="content-warning">
            {contentWarningLabel(key)}
          </span>
        ))}
      </p>
      {story.contentWarningNote && (
        <p className="mt-1 break-words" data-testid="content-warning-note">
          {story.contentWarningNote}
        </p>
      )}
    </div>
  );
}

/**
 * Whether the story's text is still behind "Show story" for the person reading (a guest, or
 * another reader who has not chosen "Always show the text"), and the reader's choice to show it.
 */
export function useTextGate(story: StoryWarnings & { uid: string }): { hidden: boolean; show: () => void } {
  const { user } = useCurrentUser();
  const [shown, setShown] = useState(false);
  return { hidden: !shown && textIsGated(story, user), show: () => setShown(true) };
}

/** The button that shows a warned story's text; `className` places it (a card lifts it above its link). */
export function ShowStoryButton({ onShow, className = '' }: { onShow: () => void; className?: string }) {
  return (
    <button type="button" className={`${secondaryButton} ${className}`} onClick={onShow} data-testid="show-story">
      {CONTENT_WARNING_TEXTS.showStory}
    </button>
  );
}

interface WarningCheckboxesProps {
  legend: string;
  hint?: string;
  value: readonly ContentWarning[];
  onChange: (value: ContentWarning[]) => void;
  disabled?: boolean;
  testId: string;
}

/** The fixed list of warnings as a checkbox group: the editor's picker and the reader's settings. */
export function WarningCheckboxes({ legend, hint, value, onChange, disabled, testId }: WarningCheckboxesProps) {
  const hintId = useId();
  const toggle = (key: ContentWarning, on: boolean) => onChange(inListOrder(on ? [...value, key] : value.filter((k) => k !== key)));
  return (
    <fieldset disabled={disabled} aria-describedby={hint ? hintId : undefined} data-testid={testId}>
      <legend className="text-sm font-semibold text-fg">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      )}
      <div className="@container mt-2">
        <div className="grid grid-cols-1 gap-1 @[17rem]:grid-cols-2">
          {CONTENT_WARNINGS.map(({ key, label }) => (
            <label key={key} className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-fg">
              <input type="checkbox" className="size-4 shrink-0 accent-accent-700" checked={value.includes(key)} onChange={(event) => toggle(key, event.target.checked)} />
              {label}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
