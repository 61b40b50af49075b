import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Lock, Plus } from 'lucide-react';
import { READING_LIST_NOTE_MAX, READING_LIST_TITLE_MAX } from '@common/shared/limits';
import { readingListWithNoteSchema, type StoryLists } from '@common/reading-lists/reading-lists';
import { CountedTextarea } from '../../components/CountedTextarea';
import { ErrorText } from '../../components/ErrorText';
import { useToast } from '../../components/toasts/toast-context';
import { inputField, popoverPanel, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { addToReadLater, createList, putEntry, readingListKeys, refreshLists, removeEntry, storyListsQuery } from './api';

/**
 * The bookmark's menu (BookmarkButton.tsx), loaded on first use and opened at once. Opening it
 * saves the story to Read later unless it is in a list already (one tap); below, each of the
 * reader's lists as a checkbox, and a form for a new list with a note on this story.
 */
export function BookmarkMenu({ storyId, trigger }: { storyId: string; trigger: ReactElement }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(true);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const lists = useQuery(storyListsQuery(storyId));
  const saving = useRef(false);

  useEffect(() => {
    if (!open || saving.current) return;
    const known = queryClient.getQueryData<StoryLists>(readingListKeys.forStory(storyId));
    if (known?.lists.some((l) => l.has)) return;
    saving.current = true;
    addToReadLater(storyId)
      .then(async () => {
        setStatus('Saved to Read later.');
        await refreshLists(queryClient);
      })
      .catch((error: unknown) => toast(errorMessage(error), 'error'))
      .finally(() => {
        saving.current = false;
      });
  }, [open, storyId, queryClient, toast]);

  const toggle = async (listId: string, title: string, has: boolean) => {
    setBusy(true);
    try {
      if (has) await removeEntry(listId, storyId);
      else await putEntry(listId, storyId);
      setStatus(has ? `Removed from ${title}.` : `Saved to ${title}.`);
      await refreshLists(queryClient);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => {
      setOpen(next);
      if (!next) setStatus('');
    }}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Reading lists"
          data-testid="bookmark-menu"
          className={`${popoverPanel} max-h-[var(--radix-popover-content-available-height)] w-[min(20rem,calc(100vw-1rem))] overflow-y-auto`}
        >
          <p className="text-sm font-semibold">Save to a reading list</p>
          <p role="status" className="mt-1 min-h-5 text-sm text-muted" data-testid="bookmark-status">
            {status}
          </p>
          {lists.data && (
            <ul className="mt-2 flex flex-col gap-1" aria-label="Your reading lists">
              {lists.data.lists.map((list) => (
                <li key={list.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-subtle">
                    <input type="checkbox" className="size-4 accent-accent-700" checked={list.has} disabled={busy} onChange={() => void toggle(list.id, list.title, list.has)} />
                    <span className="min-w-0 flex-1 truncate">{list.title}</span>
                    {!list.public && <Lock aria-label="Private" className="size-3.5 text-muted" />}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {lists.isError && <ErrorText>{errorMessage(lists.error)}</ErrorText>}
          {lists.data?.permissions.create !== false && <NewListForm storyId={storyId} onMade={(title) => setStatus(`Saved to ${title}.`)} />}
          <p className="mt-3 border-t border-line pt-2 text-sm">
            <Link to="/lists" className={textLink} onClick={() => setOpen(false)}>
              All reading lists
            </Link>
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** "New list": its name, whether it is shared, and an optional note on this story. */
function NewListForm({ storyId, onMade }: { storyId: string; onMade: (title: string) => void }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const id = useId();
  const form = useSchemaForm(readingListWithNoteSchema, {
    initial: { title: '', public: false, note: '' },
    fallback: 'Please check the new list.',
    onSubmit: async (input) => {
      const list = await createList(input.title, input.public);
      await putEntry(list.id, storyId, input.note || undefined);
      onMade(list.title);
      setShown(false);
      form.setValues({ title: '', public: false, note: '' });
      await refreshLists(queryClient);
    },
  });

  if (!shown) {
    return (
      <button type="button" className={`${secondaryButton} mt-2 w-full`} onClick={() => setShown(true)} data-testid="new-list">
        <Plus aria-hidden className="size-4" />
        New list
      </button>
    );
  }

  return (
    <form onSubmit={form.submit} noValidate className="mt-2 flex flex-col gap-3 border-t border-line pt-3" aria-label="New reading list">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-title`} className="text-sm font-semibold">
          List name
        </label>
        <input id={`${id}-title`} className={inputField} maxLength={READING_LIST_TITLE_MAX} {...form.field('title')} autoFocus />
      </div>
      <CountedTextarea id={`${id}-note`} label="Note on this story (optional)" value={form.values.note} onValue={(note) => form.setValue('note', note)} max={READING_LIST_NOTE_MAX} rows={3} {...form.marks('note')} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent-700" checked={form.values.public} onChange={(event) => form.setValue('public', event.target.checked)} />
        Public: anyone with the link can see it
      </label>
      {form.error && <ErrorText id={form.errorId}>{form.error}</ErrorText>}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => setShown(false)}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={form.pending}>
          Create
        </button>
      </div>
    </form>
  );
}
