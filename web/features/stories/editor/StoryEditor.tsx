import { useId, type KeyboardEvent } from 'react';
import { History, Save } from 'lucide-react';
import { Link } from 'react-router';
import type { PromptInput } from '@common/prompts/prompts';
import { STORY_TEXT_MAX, STORY_TITLE_MAX } from '@common/stories/rules';
import { countChars, countWords, readingTimeLabel } from '@common/stories/words';
import { DrabbleCounter } from './DrabbleCounter';
import { wordsAdded } from '@common/streaks/rules';
import { card, focusRing, inputField, primaryButton, secondaryButton } from '../../../components/ui';
import { formatDateTime, formatNumber, formatTime, plural } from '../../../lib/format';
import { useProgress } from '../api/progress';
import { GoalMeter } from '../../streaks';
import { PromptPicker } from './PromptPicker';
import { savableWordCount } from './save';
import { useStoryEditor, type EditorBase } from './useStoryEditor';
import { VisibilitySwitch } from './VisibilitySwitch';
import { OfflineSaveNotice } from './OfflineSaveNotice';
import { WarningPicker } from './WarningPicker';
import { TagInput } from '../../tags';

interface StoryEditorProps {
  base: EditorBase;
  /** The story's saved word count (its words are already counted towards today). */
  savedWordCount: number | null;
  todayPrompt: PromptInput;
  heading: string;
  cancelTo: string;
}

/** Where there is a keyboard: ⌘ on a Mac (and an iPad with one), Ctrl elsewhere. */
const SAVE_KEY = typeof navigator !== 'undefined' && /Macintosh|Mac OS X/.test(navigator.userAgent) ? '⌘' : 'Ctrl';

/** A field's problem, under it; the field names it with aria-describedby. */
function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

function Counter({ value, max, testId }: { value: number; max: number; testId: string }) {
  const over = value > max;
  return (
    <span className={`tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : ''}`} data-testid={testId}>
      {formatNumber(value)} / {formatNumber(max)}
    </span>
  );
}

/** The writing screen for a new story or the owner's edit of one. */
export function StoryEditor({ base, savedWordCount, todayPrompt, heading, cancelTo }: StoryEditorProps) {
  const editor = useStoryEditor(base);
  const { fields, update } = editor;
  const progress = useProgress();
  const titleId = useId();
  const textId = useId();
  const statsId = useId();
  const titleProblemId = useId();
  const textProblemId = useId();
  const { problems, failure } = editor;
  const words = countWords(fields.content);
  const chars = countChars(fields.content);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      editor.save();
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="screen-heading"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        editor.save();
      }}
      className="mx-auto max-w-6xl"
      data-testid="story-editor-form"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          {heading}
        </h1>
        <p className="text-xs text-muted" aria-live="polite" data-testid="draft-status">
          {editor.draftSavedAt === false
            ? 'This browser would not keep a draft: save soon.'
            : editor.unsaved && editor.draftSavedAt
              ? `Draft saved on this device at ${formatTime(editor.draftSavedAt)}`
              : ''}
        </p>
      </div>

      {editor.queued && (
        <OfflineSaveNotice
          state={editor.queued}
          mine={fields}
          server={editor.serverFields}
          onKeepMine={editor.keepMyText}
          onKeepServer={editor.keepServerText}
          saving={editor.saving}
        />
      )}

      {editor.restored && (
        <div role="status" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-accent-600 bg-accent-soft px-4 py-3 text-sm text-accent-soft-ink" data-testid="draft-restored">
          <History aria-hidden className="size-5 shrink-0" />
          <p className="flex-1">
            Restored your unsaved draft from {formatDateTime(editor.restored.at)}.
            {editor.restored.stale && ' The story was saved again since then; saving now replaces that version.'}
          </p>
          <button type="button" className={`${secondaryButton} py-1`} onClick={editor.discardDraft} data-testid="discard-draft">
            Discard draft
          </button>
          <button type="button" className={`rounded-md px-2 py-1 font-medium underline ${focusRing}`} onClick={editor.dismissRestored}>
            Keep it
          </button>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <PromptPicker prompt={fields.prompt} today={todayPrompt} onChange={(prompt) => update({ prompt })} />
          <div className={`${card} flex flex-col gap-4 p-4 sm:p-6`} data-tutorial="story-editor">
            <div>
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={titleId} className="text-sm font-semibold text-fg">
                  Title
                </label>
                <span className="text-xs text-muted">
                  <Counter value={fields.title.length} max={STORY_TITLE_MAX} testId="title-count" />
                </span>
              </div>
              <input
                id={titleId}
                name="title"
                value={fields.title}
                onChange={(event) => update({ title: event.target.value })}
                placeholder="Give your story a title"
                autoComplete="off"
                aria-invalid={problems.title ? true : undefined}
                aria-describedby={problems.title ? titleProblemId : undefined}
                className={`${inputField} mt-1.5 text-lg font-semibold aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
                data-testid="story-title-input"
              />
              <FieldProblem id={titleProblemId} message={problems.title} />
            </div>
            <div className="flex flex-col">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={textId} className="text-sm font-semibold text-fg">
                  Story
                </label>
                <DrabbleCounter words={words} />
              </div>
              <textarea
                id={textId}
                name="content"
                value={fields.content}
                onChange={(event) => update({ content: event.target.value })}
                placeholder="Once upon a time…"
                aria-invalid={problems.content ? true : undefined}
                aria-describedby={problems.content ? `${textProblemId} ${statsId}` : statsId}
                spellCheck
                className={`${inputField} mt-1.5 min-h-[45vh] resize-y font-serif text-lg leading-relaxed [field-sizing:content] aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
                data-testid="story-text-input"
              />
              <FieldProblem id={textProblemId} message={problems.content} />
              <p id={statsId} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                <span data-testid="word-count">{plural(words, 'word')}</span>
                <span>
                  <Counter value={chars} max={STORY_TEXT_MAX} testId="char-count" /> characters
                </span>
                {words > 0 && <span>{readingTimeLabel(words)}</span>}
              </p>
            </div>
          </div>
        </div>

        <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start" aria-label="Publishing">
          <div className={`${card} flex flex-col gap-5 p-4 sm:p-5`}>
            {base.contestId ? (
              // A contest entry is saved private, then entered: it goes public without its author's name.
              <p className="text-sm text-muted" data-testid="contest-entry-visibility">
                Saving enters it in the contest: it is published anonymously, and your name is revealed with the results.
              </p>
            ) : (
              <VisibilitySwitch isPublic={fields.public} onChange={(isPublic) => update({ public: isPublic })} />
            )}
            <TagInput tags={fields.tags} onChange={(tags) => update({ tags })} {...editor.tagField} />
            <WarningPicker warnings={fields.contentWarnings} note={fields.contentWarningNote} problem={problems.contentWarningNote} onChange={update} />
            {progress.data && (
              <GoalMeter
                wordsToday={progress.data.wordsToday}
                dailyGoal={progress.data.dailyGoal}
                pending={wordsAdded(savedWordCount, savableWordCount(fields.content))}
                streak={progress.data.streak}
              />
            )}
            {(failure || problems.title || problems.content || problems.contentWarningNote) && (
              <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="save-error">
                {failure ? (
                  <p className="font-semibold">Not saved: {failure}</p>
                ) : (
                  <>
                    <p className="font-semibold">Not saved yet:</p>
                    <ul className="mt-1 list-disc pl-5">
                      {problems.title && <li>{problems.title}</li>}
                      {problems.content && <li>{problems.content}</li>}
                      {problems.contentWarningNote && <li>{problems.contentWarningNote}</li>}
                    </ul>
                  </>
                )}
                <p className="mt-1">Your text is safe here and in a draft on this device.</p>
              </div>
            )}
            <div className="flex flex-col gap-2">
              <button type="submit" className={primaryButton} disabled={editor.saving} data-testid="save-story">
                <Save aria-hidden className="size-4" />
                {editor.saving ? 'Saving…' : base.storyId ? 'Save changes' : base.contestId ? 'Save and enter' : 'Save story'}
              </button>
              <Link to={cancelTo} className={secondaryButton}>
                Cancel
              </Link>
              {/* A keyboard shortcut is news only where there is a keyboard: not on a touch screen alone. */}
              <p className="hidden text-center text-xs text-muted pointer-fine:block" data-testid="save-shortcut">
                Tip: <kbd className="rounded border border-line px-1">{SAVE_KEY}</kbd> + <kbd className="rounded border border-line px-1">S</kbd> saves.
              </p>
            </div>
          </div>
        </aside>
      </div>
      {editor.leaveDialog}
    </form>
  );
}
