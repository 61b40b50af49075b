import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Clock, Send } from 'lucide-react';
import { Link } from 'react-router';
import { ANTHOLOGY_SUBMISSION_LABELS, ANTHOLOGY_TEXTS, anthologyPath, type AnthologySubmitAnswer, type AnthologySummary } from '@common/anthologies/anthologies';
import { DialogHeader } from '../../components/DialogHeader';
import { useDialogFocus } from '../../components/dialog-focus';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { SearchField } from '../../components/SearchField';
import { CenteredSpinner } from '../../components/Spinner';
import { dialogOverlay, dialogPanelScrolling, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { SEARCH_DELAY_MS } from '../../lib/address-filters';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { usePagedList } from '../../lib/paged-list';
import { plural } from '../../lib/format';
import { anthologyKeys, directoryQuery, storyAnthologiesQuery, submitStory } from './api';
import { COVER_BG } from './covers';

/** The search box's text, once typing pauses. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return settled;
}

function Row({ anthology, status, pending, onSubmit }: { anthology: AnthologySummary; status: 'accepted' | 'pending' | undefined; pending: boolean; onSubmit: () => void }) {
  return (
    <li className="flex items-center gap-3 py-3" data-testid="submit-anthology-row" data-anthology-id={anthology.id}>
      <span aria-hidden className={`h-10 w-1.5 shrink-0 rounded-full ${COVER_BG[anthology.cover]}`} />
      <div className="min-w-0 flex-1">
        <Link to={anthologyPath(anthology.id)} className={`${textLink} font-serif font-bold break-words`}>
          {anthology.title}
        </Link>
        <p className="text-xs text-muted">
          {plural(anthology.storyCount, 'story', 'stories')} · {ANTHOLOGY_SUBMISSION_LABELS[anthology.submissions].name}
          {anthology.permissions.edit && ' · You edit it'}
        </p>
      </div>
      {status === 'accepted' ? (
        <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-fg" data-testid="submit-anthology-status">
          <Check aria-hidden className="size-4" />
          In it
        </span>
      ) : status === 'pending' ? (
        <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-fg" data-testid="submit-anthology-status">
          <Clock aria-hidden className="size-4" />
          Submitted
        </span>
      ) : (
        <button type="button" className={`${primaryButton} shrink-0 px-3 py-1.5`} onClick={onSubmit} disabled={pending} aria-label={`Submit to ${anthology.title}`} data-testid="submit-anthology">
          <Send aria-hidden className="size-4" />
          Submit
        </button>
      )}
    </li>
  );
}

/** "Submit to an anthology": the directory searched, the anthologies this writer may submit to, each with Submit. */
export function SubmitDialog({ storyId, open, onOpenChange }: { storyId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const focus = useDialogFocus();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const q = useSettled(typed);
  const list = usePagedList({ ...directoryQuery(q), placeholderData: keepPreviousData });
  const holding = useQuery(storyAnthologiesQuery(storyId)).data ?? [];
  const statusOf = new Map(holding.map((a) => [a.id, a.status]));
  const [answer, setAnswer] = useState<(AnthologySubmitAnswer & { title: string }) | null>(null);
  // Closed anthologies take only their editors' stories: permissions.submit says which this writer may use.
  const open_ = (list.items ?? []).filter((a) => a.permissions.submit);
  const submit = useApiMutation({
    request: (anthology: AnthologySummary) => submitStory(anthology.id, storyId),
    onSuccess: async (result, anthology, queryClient) => {
      setAnswer({ ...result, title: anthology.title });
      await invalidateAll(queryClient, [anthologyKeys.ofStory(storyId), anthologyKeys.page(anthology.id), anthologyKeys.mine]);
    },
  });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || !submit.isPending) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content data-testid="submit-anthology-dialog" className={dialogPanelScrolling} {...focus}>
          <DialogHeader title={ANTHOLOGY_TEXTS.submit} closeDisabled={submit.isPending} />
          <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 py-4">
            <Dialog.Description className="text-sm text-muted">
              Open anthologies take your story at once; moderated ones show it to their editors first. Closed ones are not listed.
            </Dialog.Description>
            <div role="search">
              <SearchField id={searchId} label={ANTHOLOGY_TEXTS.searchLabel} value={typed} onChange={setTyped} maxLength={100} placeholder="Words in a title or description" testId="submit-anthology-search" />
            </div>
            <p role="status" className="text-sm font-semibold text-fg empty:hidden" data-testid="submit-anthology-message">
              {answer ? `${answer.title}: ${answer.message}` : ''}
            </p>
            <div className={`transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={list.isFetching}>
              {list.status === 'pending' ? (
                <CenteredSpinner />
              ) : list.status === 'error' && !list.items ? (
                <LoadError message={list.error.message} onRetry={list.refetch} />
              ) : open_.length === 0 ? (
                <p className="py-4 text-center text-sm text-muted" data-testid="submit-anthology-none">
                  {q ? ANTHOLOGY_TEXTS.noneFound : 'No anthology is taking submissions yet.'}
                </p>
              ) : (
                <ul aria-label="Anthologies you can submit to" className="flex flex-col divide-y divide-line" data-testid="submit-anthology-list">
                  {open_.map((anthology) => (
                    <Row
                      key={anthology.id}
                      anthology={anthology}
                      status={statusOf.get(anthology.id)}
                      pending={submit.isPending}
                      onSubmit={() => submit.mutate(anthology)}
                    />
                  ))}
                </ul>
              )}
              <LoadMore list={list} compact className="mt-2 flex justify-center" testId="submit-anthology-more" />
            </div>
          </div>
          <div className="flex justify-end border-t border-line px-5 py-4">
            <Dialog.Close type="button" className={secondaryButton} disabled={submit.isPending}>
              Done
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
