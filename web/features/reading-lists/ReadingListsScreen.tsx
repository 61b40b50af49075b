import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import { READING_LIST_TITLE_MAX } from '@common/shared/limits';
import { READING_LIST_TEXTS, readingListCreateSchema } from '@common/reading-lists/reading-lists';
import { ErrorText } from '../../components/ErrorText';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, focusRing, inputField, primaryButton } from '../../components/ui';
import { plural } from '../../lib/format';
import { useApiMutation } from '../../lib/mutation';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { createList, myListsQuery, refreshLists } from './api';
import { ListVisibility } from './ListVisibility';

function NewListForm() {
  const id = useId();
  const create = useApiMutation({
    request: (input: { title: string; public: boolean }) => createList(input.title, input.public),
    success: (list) => `Made “${list.title}”.`,
    onSuccess: async (_list, _vars, queryClient) => {
      form.setValues({ title: '', public: false });
      await refreshLists(queryClient);
    },
  });
  const form = useSchemaForm(readingListCreateSchema, {
    initial: { title: '', public: false },
    fallback: READING_LIST_TEXTS.titleEmpty,
    onSubmit: (input) => create.mutate(input),
  });
  return (
    <form onSubmit={form.submit} noValidate className={`${card} flex flex-col gap-3 sm:flex-row sm:items-end`} aria-label="New reading list">
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold">
          New list
        </label>
        <input id={id} className={inputField} maxLength={READING_LIST_TITLE_MAX} placeholder="Stories for a rainy day" {...form.field('title')} />
        {form.error && <ErrorText id={form.errorId}>{form.error}</ErrorText>}
      </div>
      <label className="flex items-center gap-2 py-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent-700" checked={form.values.public} onChange={(event) => form.setValue('public', event.target.checked)} />
        Public
      </label>
      <button type="submit" className={primaryButton} disabled={create.isPending}>
        Create list
      </button>
    </form>
  );
}

/** /lists: the reader's reading lists, Read later first. */
export function ReadingListsScreen() {
  const lists = useQuery(myListsQuery());
  return (
    <section aria-labelledby="screen-heading" data-testid="reading-lists-screen">
      <title>Reading lists · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Reading lists
      </h1>
      <p className="mt-1 text-muted">Stories saved for later, and lists to keep or share. Tap the bookmark on any story to add it.</p>
      <div className="mt-6">
        {lists.isPending ? (
          <CenteredSpinner />
        ) : lists.isError ? (
          <LoadError message={lists.error.message} onRetry={() => void lists.refetch()} />
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your reading lists" data-testid="reading-lists">
              {lists.data.lists.map((list) => (
                <li key={list.id}>
                  <Link to={`/lists/${list.id}`} className={`${card} flex h-full flex-col gap-2 p-4 hover:bg-subtle ${focusRing}`} data-testid="reading-list-link">
                    <span className="flex items-center gap-2">
                      {list.readLater && <Bookmark aria-hidden className="size-4 text-accent-ink" />}
                      <span className="min-w-0 flex-1 truncate font-semibold text-fg">{list.title}</span>
                      <ListVisibility list={list} />
                    </span>
                    <span className="text-sm text-muted">{plural(list.entriesCount, 'story', 'stories')}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {lists.data.permissions.create ? (
              <div className="mt-6">
                <NewListForm />
              </div>
            ) : (
              <p className="mt-6 text-sm text-muted">You have as many lists as you can. Delete one to make another.</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
