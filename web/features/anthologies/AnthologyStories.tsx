import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, BookCopy, Check, LogOut, X } from 'lucide-react';
import { ANTHOLOGY_TEXTS, type AnthologyPage, type AnthologyStory } from '@common/anthologies/anthologies';
import { EmptyState } from '../../components/EmptyState';
import { iconButton, primaryButton, secondaryButton } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { formErrorMessage } from '../../lib/errors';
import { useApiMutation } from '../../lib/mutation';
import { useMoveFocus, useQueuedOrder } from '../../lib/ordered-moves';
import { StoryCard } from '../stories';
import { acceptStory, anthologyChanged, anthologyKeys, declineStory, removeStory, reorderAnthology } from './api';
import { ReasonDialog } from './AnthologyDialogs';

const moveButton = `${iconButton} disabled:cursor-not-allowed disabled:opacity-40`;
const smallButton = `${secondaryButton} px-3 py-1.5`;

/** A story card with, for those who may act on it (`children`, left out for the others), a drawer of controls tucked under it. */
function StoryRow({ story, number, children }: { story: AnthologyStory; number?: number; children?: ReactNode }) {
  return (
    <li className="flex flex-col" data-testid="anthology-story" data-story-id={story.id}>
      <div className="relative z-[1] flex w-full flex-1 flex-col [&>article]:flex-1">
        <StoryCard story={story} showOwnerActions={false} headingLevel="h3" />
      </div>
      {children && (
        <div className="-mt-3 flex flex-wrap items-center gap-2 rounded-b-xl border border-t-0 border-line bg-subtle px-3 pt-5 pb-2">
          {number !== undefined && (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-sm font-semibold text-accent-soft-ink tabular-nums" data-testid="anthology-story-number">
              <span className="sr-only">Number </span>
              {number}
            </span>
          )}
          <div className="ml-auto flex flex-wrap items-center gap-2">{children}</div>
        </div>
      )}
    </li>
  );
}

function MoveButtons({ story, number, total, onMove }: { story: AnthologyStory; number: number; total: number; onMove: (by: -1 | 1) => void }) {
  const { up, down, moveBy } = useMoveFocus(number, total, onMove);
  return (
    <>
      <button type="button" ref={up} className={moveButton} aria-label={`${ANTHOLOGY_TEXTS.moveUp}: ${story.title}`} title={ANTHOLOGY_TEXTS.moveUp} disabled={number === 1} onClick={() => moveBy(-1)} data-testid="anthology-move-up">
        <ArrowUp aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        ref={down}
        className={moveButton}
        aria-label={`${ANTHOLOGY_TEXTS.moveDown}: ${story.title}`}
        title={ANTHOLOGY_TEXTS.moveDown}
        disabled={number === total}
        onClick={() => moveBy(1)}
        data-testid="anthology-move-down"
      >
        <ArrowDown aria-hidden className="size-4" />
      </button>
    </>
  );
}

/** The anthology's stories: the writer's Withdraw, the editors' Remove (with a reason) and, in the editors' order, Move up and Move down. */
export function AnthologyStories({ page }: { page: AnthologyPage }) {
  const { anthology } = page;
  const editable = anthology.permissions.edit;
  const ordered = anthology.order === 'editors';
  const me = useCurrentUser().user?.uid ?? null;
  const [removing, setRemoving] = useState<AnthologyStory | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(page.stories.map((s) => [s.id, s]));

  const withdraw = useApiMutation({
    request: (story: AnthologyStory) => removeStory(anthology.id, story.id),
    success: (_r, story) => `“${story.title}” withdrawn from ${anthology.title}`,
    onSuccess: (answer, _s, queryClient) => anthologyChanged(queryClient, answer),
  });
  const remove = useApiMutation({
    request: ({ story, reason }: { story: AnthologyStory; reason: string }) => removeStory(anthology.id, story.id, reason),
    success: (_r, { story }) => `“${story.title}” removed; its writer is told why`,
    failure: false,
    onSuccess: async (answer, _v, queryClient) => {
      await anthologyChanged(queryClient, answer);
      setRemoving(null);
    },
    onError: (e) => setRemoveError(formErrorMessage(e)),
  });

  const queryClient = useQueryClient();
  const reorder = useApiMutation({
    request: (order: string[]) => reorderAnthology(anthology.id, order),
    onSuccess: (answer, _order, client) => anthologyChanged(client, answer),
    // Refused (the anthology changed meanwhile, say): the order as the server has it.
    onError: () => void queryClient.invalidateQueries({ queryKey: anthologyKeys.page(anthology.id) }),
  });
  const queued = useQueuedOrder(
    page.stories.map((s) => s.id),
    reorder.mutateAsync,
  );
  const ids = queued.ids;
  const move = (id: string, by: -1 | 1) => {
    const order = queued.moved(id, by);
    setAnnouncement(`${byId.get(id)?.title ?? ''}: number ${order.indexOf(id) + 1} of ${order.length}`);
    queued.send(order);
  };

  if (page.stories.length === 0) {
    return <EmptyState icon={<BookCopy aria-hidden className="size-6" />} title={ANTHOLOGY_TEXTS.empty} />;
  }
  const reordering = editable && ordered && page.stories.length > 1;
  return (
    <>
      {reordering && <p className="mb-3 text-sm text-muted">Use Move up and Move down to set the order readers see.</p>}
      <ol aria-label={`Stories in ${anthology.title}`} className="grid gap-6 sm:grid-cols-2" data-testid="anthology-stories">
        {ids.map((id, index) => {
          const story = byId.get(id);
          if (!story) return null;
          const own = me !== null && story.uid === me;
          return (
            <StoryRow key={id} story={story} number={reordering ? index + 1 : undefined}>
              {(own || editable) && (
                <>
                  {own && (
                    <button type="button" className={smallButton} onClick={() => withdraw.mutate(story)} disabled={withdraw.isPending} aria-label={`${ANTHOLOGY_TEXTS.withdraw}: ${story.title}`} data-testid="anthology-withdraw">
                      <LogOut aria-hidden className="size-4" />
                      {ANTHOLOGY_TEXTS.withdraw}
                    </button>
                  )}
                  {!own && editable && (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => {
                        setRemoveError(null);
                        setRemoving(story);
                      }}
                      aria-label={`${ANTHOLOGY_TEXTS.remove}: ${story.title}`}
                      aria-haspopup="dialog"
                      data-testid="anthology-remove"
                    >
                      <X aria-hidden className="size-4" />
                      {ANTHOLOGY_TEXTS.remove}
                    </button>
                  )}
                  {reordering && <MoveButtons story={story} number={index + 1} total={ids.length} onMove={(by) => move(id, by)} />}
                </>
              )}
            </StoryRow>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="anthology-announcement">
        {announcement}
      </p>
      {editable && (
        <ReasonDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title={`${ANTHOLOGY_TEXTS.remove} “${removing?.title ?? ''}”`}
          description="Its writer is told it was removed, and why. The story itself stays theirs."
          required
          submitLabel="Remove story"
          pending={remove.isPending}
          error={removeError}
          onSubmit={(reason) => removing && remove.mutate({ story: removing, reason })}
          testId="anthology-remove-dialog"
        />
      )}
    </>
  );
}

/** "Waiting for the editors": the submissions of a moderated anthology, each with Accept and Decline (with an optional reason). */
export function PendingStories({ page }: { page: AnthologyPage }) {
  const { anthology } = page;
  const [declining, setDeclining] = useState<AnthologyStory | null>(null);
  const [declineError, setDeclineError] = useState<string | null>(null);
  const accept = useApiMutation({
    request: (story: AnthologyStory) => acceptStory(anthology.id, story.id),
    success: (_r, story) => `“${story.title}” accepted`,
    onSuccess: (answer, _s, queryClient) => anthologyChanged(queryClient, answer),
  });
  const decline = useApiMutation({
    request: ({ story, reason }: { story: AnthologyStory; reason: string }) => declineStory(anthology.id, story.id, reason),
    success: (_r, { story }) => `“${story.title}” declined`,
    failure: false,
    onSuccess: async (answer, _v, queryClient) => {
      await anthologyChanged(queryClient, answer);
      setDeclining(null);
    },
    onError: (e) => setDeclineError(formErrorMessage(e)),
  });
  if (page.pending.length === 0) return null;
  return (
    <section aria-labelledby="anthology-pending-heading" className="rounded-xl border border-dashed border-accent-500 bg-accent-soft/40 p-4 sm:p-5" data-testid="anthology-pending">
      <h2 id="anthology-pending-heading" className="mb-4 text-xl font-bold text-fg">
        {ANTHOLOGY_TEXTS.waiting} <span className="text-base font-semibold text-muted">({page.pending.length})</span>
      </h2>
      <ul aria-label={ANTHOLOGY_TEXTS.waiting} className="grid gap-6 sm:grid-cols-2">
        {page.pending.map((story) => (
          <StoryRow key={story.id} story={story}>
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                setDeclineError(null);
                setDeclining(story);
              }}
              aria-label={`${ANTHOLOGY_TEXTS.decline}: ${story.title}`}
              aria-haspopup="dialog"
              data-testid="anthology-decline"
            >
              <X aria-hidden className="size-4" />
              {ANTHOLOGY_TEXTS.decline}
            </button>
            <button
              type="button"
              className={`${primaryButton} px-3 py-1.5`}
              onClick={() => accept.mutate(story)}
              disabled={accept.isPending}
              aria-label={`${ANTHOLOGY_TEXTS.accept}: ${story.title}`}
              data-testid="anthology-accept"
            >
              <Check aria-hidden className="size-4" />
              {ANTHOLOGY_TEXTS.accept}
            </button>
          </StoryRow>
        ))}
      </ul>
      <ReasonDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={`${ANTHOLOGY_TEXTS.decline} “${declining?.title ?? ''}”`}
        description="Its writer is told it was declined, with your reason if you give one."
        required={false}
        submitLabel="Decline story"
        pending={decline.isPending}
        error={declineError}
        onSubmit={(reason) => declining && decline.mutate({ story: declining, reason })}
        testId="anthology-decline-dialog"
      />
    </section>
  );
}
