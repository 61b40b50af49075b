import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { TAG_TEXTS, TAGS_PER_STORY_MAX, tagKey } from '@common/tags/rules';
import { focusRing, inputField } from '../../components/ui';
import { tagSuggestQuery } from './api';
import { withTypedTag } from './typed-tag';

interface TagInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** What is typed and not yet a chip: the editor's, so that saving adds it too (withTypedTag). */
  text: string;
  onTextChange: (text: string) => void;
  /** Why the typed text cannot be a tag: found here on Enter, or by the editor on saving. */
  problem: string | null;
  onProblemChange: (problem: string | null) => void;
}

/**
 * The editor's tags: type, pick a suggestion (existing tags starting with what is typed, most
 * used first) or press Enter or comma to add the typed one as a chip (saving adds it too); each chip can be
 * removed; at most TAGS_PER_STORY_MAX, counted beside the label. A combobox with a listbox of
 * suggestions (arrow keys move, Enter picks, Escape closes).
 */
export function TagInput({ tags, onChange, text, onTextChange: setText, problem, onProblemChange: setProblem }: TagInputProps) {
  const inputId = useId();
  const listId = useId();
  const helpId = useId();
  const problemId = useId();
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const prefix = useDeferredValue(tagKey(text));
  const full = tags.length >= TAGS_PER_STORY_MAX;
  const keys = new Set(tags.map(tagKey));
  const suggestions = useQuery({ ...tagSuggestQuery(prefix), enabled: prefix.length > 0 && !full, placeholderData: keepPreviousData });
  const shown = prefix.length > 0 && open && !full ? (suggestions.data ?? []).filter((tag) => !keys.has(tag.key)) : [];

  function add(raw: string) {
    const next = withTypedTag(tags, raw);
    if ('problem' in next) {
      setProblem(next.problem);
      return;
    }
    if (next.tags.length !== tags.length) onChange(next.tags);
    setText('');
    setProblem(null);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % shown.length);
    } else if (event.key === 'ArrowUp' && shown.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' || event.key === ',') {
      const picked = active >= 0 ? shown[active] : undefined;
      if (picked || text.trim() !== '') {
        event.preventDefault();
        add(picked ? picked.name : text);
      } else if (event.key === ',') event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-col gap-1.5" data-testid="tag-input">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {TAG_TEXTS.inputLabel}
        </label>
        <span className="text-xs text-muted tabular-nums" data-testid="tag-count">
          {TAG_TEXTS.count(tags.length)}
        </span>
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags" data-testid="tag-chips">
          {tags.map((tag) => (
            <li key={tagKey(tag)} className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm text-accent-soft-ink" data-testid="tag-chip">
              #{tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={TAG_TEXTS.remove(tag)}
                className={`inline-flex size-6 items-center justify-center rounded-full hover:bg-surface/60 ${focusRing}`}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={inputId}
          value={text}
          onChange={(event) => {
            setText(event.target.value.replace(',', ''));
            setProblem(null);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          disabled={full}
          placeholder={full ? TAG_TEXTS.count(tags.length) : TAG_TEXTS.placeholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && shown[active] ? `${listId}-${active}` : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${helpId} ${problemId}` : helpId}
          className={`${inputField} aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
          data-testid="tag-text-input"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={TAG_TEXTS.suggestions}
          hidden={shown.length === 0}
          className="mt-1 max-h-60 overflow-auto rounded-md border border-line bg-surface py-1 shadow-sm"
          data-testid="tag-suggestions"
        >
          {shown.map((tag, i) => (
            <li
              key={tag.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the input, so the click adds the tag before blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(tag.name)}
              className={`flex cursor-pointer items-baseline justify-between gap-2 px-3 py-1.5 text-sm text-fg ${i === active ? 'bg-accent-soft text-accent-soft-ink' : 'hover:bg-subtle'}`}
              data-testid="tag-suggestion"
            >
              <span>#{tag.name}</span>
              <span className="text-xs text-muted">{TAG_TEXTS.storyCount(tag.storyCount)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={helpId} className="text-xs text-muted">
        {TAG_TEXTS.inputHelp}
      </p>
      {problem && (
        <p id={problemId} className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="tag-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
