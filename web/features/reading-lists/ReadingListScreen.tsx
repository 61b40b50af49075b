import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, Pencil, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { READING_LIST_NOTE_MAX, READING_LIST_TITLE_MAX } from '@common/shared/limits';
import { READING_LIST_TEXTS, readingListNoteSchema, readingListTitleSchema, type ReadingList, type ReadingListEntry } from '@common/reading-lists/reading-lists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CountedTextarea } from '../../components/CountedTextarea';
import { EmptyState } from '../../components/EmptyState';
import { ErrorText } from '../../components/ErrorText';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { CenteredSpinner } from '../../components/Spinner';
import { card, inputField, primaryButton, secondaryButton } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { plural } from '../../lib/format';
import { useApiMutation } from '../../lib/mutation';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { usePagedList } from '../../lib/paged-list';
import { CardSkeletons, StoryCard } from '../stories';
import { changeList, deleteList, listInfoQuery, listPageQuery, putEntry, refreshLists, removeEntry } from './api';
import { ListVisibility } from './ListVisibility';

function ListNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="list-not-found">
      <title>Reading list not found · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {READING_LIST_TEXTS.notFound}
      </h1>
      <p className="mt-2 text-muted">It may be private, or it was deleted.</p>
      <Link to="/community" className={`${primaryButton} mt-6`}>
        Browse the community
      </Link>
    </section>
  );
}

/** The owner's controls: rename, share or not, delete (what `permissions` allow). */
function ListActions({ list }: { list: ReadingList }) {
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const id = useId();
  const change = useApiMutation({
    request: (changes: { title?: string; public?: boolean }) => changeList(list.id, changes),
    success: (changed, changes) => (changes.public === undefined ? 'List renamed.' : changed.public ? 'The list is public now.' : 'The list is private now.'),
    onSuccess: async (_r, _v, queryClient) => {
      setRenaming(false);
      await refreshLists(queryClient);
    },
  });
  const remove = useApiMutation({
    request: () => deleteList(list.id),
    success: `Deleted “${list.title}”.`,
    onSuccess: async (_r, _v, queryClient) => {
      await navigate('/lists', { replace: true });
      await refreshLists(queryClient);
    },
  });
  const form = useSchemaForm(readingListTitleSchema, {
    initial: { title: list.title },
    input: ({ title }) => title,
    soleField: 'title',
    onSubmit: (title) => change.mutate({ title }),
  });
  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {list.permissions.rename && !renaming && (
          <button type="button" className={secondaryButton} onClick={() => setRenaming(true)}>
            <Pencil aria-hidden className="size-4" />
            Rename
          </button>
        )}
        {list.permissions.changeVisibility && (
          <button type="button" className={secondaryButton} disabled={change.isPending} onClick={() => change.mutate({ public: !list.public })} data-testid="list-visibility">
            {list.public ? 'Make private' : 'Make public'}
          </button>
        )}
        {list.permissions.delete && (
          <button type="button" className={secondaryButton} onClick={() => setConfirm(true)}>
            <Trash2 aria-hidden className="size-4" />
            Delete list
          </button>
        )}
      </div>
      {renaming && (
        <form onSubmit={form.submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label="Rename list">
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-semibold">
              List name
            </label>
            <input id={id} className={inputField} maxLength={READING_LIST_TITLE_MAX} {...form.field('title')} autoFocus />
            {form.error && <ErrorText id={form.errorId}>{form.error}</ErrorText>}
          </div>
          <div className="flex gap-2">
            <button type="button" className={secondaryButton} onClick={() => setRenaming(false)}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={change.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete list"
        description={`Delete “${list.title}”? The stories stay; only the list and its notes go.`}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => remove.mutate(undefined)}
      />
    </div>
  );
}

/** One entry: the story's card, its note, and for the owner the note's editor and Remove. */
function Entry({ listId, entry, canEdit }: { listId: string; entry: ReadingListEntry; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  const save = useApiMutation({
    request: (text: string) => putEntry(listId, entry.story.id, text),
    success: 'Note saved.',
    onSuccess: async (_r, _v, queryClient) => {
      setEditing(false);
      await refreshLists(queryClient);
    },
  });
  const remove = useApiMutation({
    request: () => removeEntry(listId, entry.story.id),
    success: `Removed “${entry.story.title}” from the list.`,
    onSuccess: (_r, _v, queryClient) => refreshLists(queryClient),
  });
  const form = useSchemaForm(readingListNoteSchema, {
    initial: { note: entry.note },
    input: ({ note }) => note,
    soleField: 'note',
    onSubmit: (note) => save.mutate(note),
  });
  return (
    <li className="flex flex-col gap-2" data-testid="list-entry">
      <div className="flex w-full flex-col [&>article]:flex-1">
        <StoryCard story={entry.story} />
      </div>
      {editing ? (
        <form onSubmit={form.submit} noValidate className="flex flex-col gap-2" aria-label={`Note on ${entry.story.title}`}>
          <CountedTextarea id={id} label="Note" value={form.values.note} onValue={(note) => form.setValue('note', note)} max={READING_LIST_NOTE_MAX} rows={3} autoFocus {...form.marks('note')}>
            {form.error && <ErrorText id={form.errorId}>{form.error}</ErrorText>}
          </CountedTextarea>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={save.isPending}>
              Save note
            </button>
          </div>
        </form>
      ) : (
        <>
          {entry.note && (
            <p className="rounded-lg bg-subtle px-3 py-2 text-sm whitespace-pre-wrap text-fg" data-testid="entry-note">
              {entry.note}
            </p>
          )}
          {canEdit && (
            <div className="flex gap-2">
              <button type="button" className={`${secondaryButton} px-3 py-1 text-xs`} onClick={() => setEditing(true)}>
                {entry.note ? 'Edit note' : 'Add a note'}
              </button>
              <button type="button" className={`${secondaryButton} px-3 py-1 text-xs`} disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
                Remove
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

function Entries({ list }: { list: ReadingList }) {
  const entries = usePagedList(listPageQuery(list.id));
  if (entries.status === 'pending') return <CardSkeletons />;
  if (entries.status === 'error' && !entries.items) return <LoadError message={entries.error.message} onRetry={entries.refetch} />;
  const items = entries.items ?? [];
  if (items.length === 0) {
    return (
      <EmptyState icon={<Bookmark aria-hidden className="size-6" />} title="Nothing here yet.">
        {list.permissions.edit ? 'Tap the bookmark on a story to add it. ' : 'The stories in this list are not ones you can read. '}
        <Link to="/community" className="font-medium text-accent-ink underline">
          Browse the community
        </Link>
      </EmptyState>
    );
  }
  return (
    <div>
      <ul aria-label={`Stories in ${list.title}`} className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" data-testid="list-entries">
        {items.map((entry) => (
          <Entry key={entry.story.id} listId={list.id} entry={entry} canEdit={list.permissions.edit} />
        ))}
      </ul>
      <LoadMore list={entries} className="mt-6 flex justify-center" testId="load-more" failure="Could not load more stories. Please try again." />
    </div>
  );
}

/** /lists/:id: one reading list, with what the viewer may read of it; a private one is the owner's alone. */
export function ReadingListScreen() {
  const { id = '' } = useParams();
  const info = useQuery(listInfoQuery(id));
  if (info.isPending) return <CenteredSpinner />;
  if (info.isError) return isApiError(info.error) && info.error.status === 404 ? <ListNotFound /> : <LoadError message={info.error.message} onRetry={() => void info.refetch()} />;
  const list = info.data;
  const mine = list.permissions.edit;
  return (
    <section aria-labelledby="screen-heading" data-testid="reading-list-screen">
      <title>{`${list.title} · Drabble`}</title>
      {mine && (
        <p className="mb-2 text-sm">
          <Link to="/lists" className="font-medium text-accent-ink underline">
            All reading lists
          </Link>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="screen-heading" className="text-2xl font-bold break-words text-fg sm:text-3xl">
          {list.title}
        </h1>
        <ListVisibility list={list} />
      </div>
      <p className="mt-1 text-muted">
        {mine ? plural(list.entriesCount, 'story', 'stories') : `A reading list by ${list.ownerDisplayName} · ${plural(list.entriesCount, 'story', 'stories')}`}
      </p>
      {mine && <ListActions list={list} />}
      <div className="mt-6">
        <Entries list={list} />
      </div>
    </section>
  );
}
