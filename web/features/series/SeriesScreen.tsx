import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, BookDown, GripVertical, Layers, Lock, Pencil, Trash2, X } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { partOf, SERIES_TEXTS, seriesBookPath, type SeriesPage } from '@common/series/series';
import { seriesFeed } from '@common/feeds/feeds';
import { card, focusRing, iconButton, iconTextLink, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FeedLink } from '../../components/FeedLink';
import { FormDialog } from '../../components/FormDialog';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { isApiError } from '../../lib/api';
import { formErrorMessage } from '../../lib/errors';
import { formatNumber, plural } from '../../lib/format';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { useMoveFocus, useQueuedOrder } from '../../lib/ordered-moves';
import { deleteSeries, removeFromSeries, reorderSeries, seriesChanged, seriesKeys, seriesPageQuery, updateSeries } from './api';
import { useSeriesFields } from './SeriesForm';

type Part = SeriesPage['stories'][number];

const partButton = `${iconButton} disabled:cursor-not-allowed disabled:opacity-40`;

function SeriesNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="series-not-found">
      <title>Series not found · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {SERIES_TEXTS.notFound}
      </h1>
      <p className="mt-2 text-muted">It may have been deleted, or it has no story you can read.</p>
      <Link to="/community" className={`${primaryButton} mt-6`}>
        Browse the community
      </Link>
    </section>
  );
}

function EditSeriesDialog({ page, open, onOpenChange }: { page: SeriesPage; open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useSeriesFields({ title: page.series.title, description: page.series.description });
  const [error, setError] = useState<string | null>(null);
  const mutation = useApiMutation({
    request: () => updateSeries(page.series.id, form.title, form.description),
    success: 'Series saved',
    failure: false,
    onSuccess: (_r, _v, queryClient) => invalidateAll(queryClient, [seriesKeys.all]).then(() => onOpenChange(false)),
    onError: (e) => setError(formErrorMessage(e)),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setError(null);
        }
        onOpenChange(next);
      }}
      title={SERIES_TEXTS.edit}
      error={error}
      errorId="series-edit-error"
      pending={mutation.isPending}
      submitLabel="Save"
      pendingLabel="Saving…"
      submitDisabled={!form.valid}
      onSubmit={() => form.valid && mutation.mutate(undefined)}
      testId="series-edit-dialog"
      submitTestId="series-edit-save"
    >
      {form.fields}
    </FormDialog>
  );
}

/**
 * Drag by pointer (mouse, pen and touch alike): the part goes before the first other part whose
 * middle is below the pointer. Counting only the other parts keeps it steady as the rows move
 * under the pointer. The moves and the drop are heard on the window, not through pointer
 * capture: moving the dragged row in the document would release a capture.
 */
function useDragOrder(ids: string[], onDrop: (order: string[]) => void) {
  const [drag, setDrag] = useState<{ id: string; order: string[] } | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const start = (id: string) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    let current = { id, order: ids };
    setDrag(current);
    const move = (e: PointerEvent) => {
      const others = current.order.filter((other) => other !== id);
      const index = others.filter((other) => {
        const box = rows.current.get(other)?.getBoundingClientRect();
        return box !== undefined && e.clientY > box.top + box.height / 2;
      }).length;
      const order = [...others.slice(0, index), id, ...others.slice(index)];
      if (order.join() === current.order.join()) return;
      current = { id, order };
      setDrag(current);
    };
    const end = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      setDrag(null);
      if (e.type === 'pointerup' && current.order.join() !== ids.join()) onDrop(current.order);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };
  const rowRef = (id: string) => (element: HTMLLIElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };
  return { order: drag?.order ?? ids, dragging: drag?.id ?? null, handle: (id: string) => ({ onPointerDown: start(id) }), rowRef };
}

function PartRow({ part, number, total, editable, dragging, rowRef, handle, onMove, onRemove }: {
  part: Part;
  number: number;
  total: number;
  editable: boolean;
  dragging: boolean;
  rowRef: (element: HTMLLIElement | null) => void;
  handle: ReturnType<ReturnType<typeof useDragOrder>['handle']>;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { up, down, moveBy } = useMoveFocus(number, total, onMove);
  return (
    <li
      ref={rowRef}
      className={`flex items-start gap-3 rounded-xl border bg-surface p-4 shadow-sm ${dragging ? 'border-accent-500 ring-2 ring-accent-500' : 'border-line'}`}
      data-testid="series-part"
      data-story-id={part.id}
    >
      {editable && (
        <button
          type="button"
          className={`${iconButton} shrink-0 cursor-grab touch-none active:cursor-grabbing`}
          aria-label={`Drag to reorder: ${part.title}`}
          title="Drag to reorder"
          data-testid="series-drag-handle"
          {...handle}
        >
          <GripVertical aria-hidden className="size-5" />
        </button>
      )}
      <span className="mt-0.5 shrink-0 rounded-full bg-accent-soft px-2.5 py-0.5 text-sm font-semibold text-accent-soft-ink tabular-nums" aria-hidden>
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-serif text-lg leading-snug font-bold break-words text-fg">
          <span className="sr-only">{`Part ${number}: `}</span>
          <Link to={`/story/${part.id}`} className={`rounded-sm hover:underline ${focusRing}`} data-testid="series-part-link">
            {part.title}
          </Link>
          {!part.public && (
            <span className="ml-2 inline-flex items-center gap-1 align-middle font-sans text-xs font-semibold text-muted">
              <Lock aria-hidden className="size-3" />
              Private
            </span>
          )}
        </h2>
        <p className="mt-1 line-clamp-2 text-sm break-words text-muted">{part.preview}</p>
        <p className="mt-1 text-xs text-muted">{plural(part.wordCount, 'word')}</p>
      </div>
      {editable && (
        <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
          <button type="button" className={partButton} aria-label={`${SERIES_TEXTS.moveUp}: ${part.title}`} title={SERIES_TEXTS.moveUp} disabled={number === 1} onClick={() => moveBy(-1)} ref={up} data-testid="series-move-up">
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={partButton}
            aria-label={`${SERIES_TEXTS.moveDown}: ${part.title}`}
            title={SERIES_TEXTS.moveDown}
            disabled={number === total}
            onClick={() => moveBy(1)}
            ref={down}
            data-testid="series-move-down"
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
          <button type="button" className={partButton} aria-label={`${SERIES_TEXTS.remove}: ${part.title}`} title={SERIES_TEXTS.remove} onClick={onRemove} data-testid="series-remove-part">
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}

function Parts({ page }: { page: SeriesPage }) {
  const editable = page.series.permissions.edit;
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(page.stories.map((s) => [s.id, s]));
  const queryClient = useQueryClient();
  const reorder = useApiMutation({
    request: (order: string[]) => reorderSeries(page.series.id, order),
    onSuccess: (answer, _order, client) => seriesChanged(client, answer),
    // Refused (the series changed meanwhile, say): the order as the server has it.
    onError: () => void queryClient.invalidateQueries({ queryKey: seriesKeys.page(page.series.id) }),
  });
  const remove = useApiMutation({
    request: (part: Part) => removeFromSeries(page.series.id, part.id),
    success: (_r, part) => `Removed “${part.title}” from the series`,
    onSuccess: (answer, _p, queryClient) => seriesChanged(queryClient, answer),
  });
  const queued = useQueuedOrder(
    page.stories.map((s) => s.id),
    reorder.mutateAsync,
  );
  const ids = queued.ids;
  const send = (order: string[], moved: string) => {
    setAnnouncement(`${byId.get(moved)?.title ?? ''}: ${partOf(order.indexOf(moved) + 1, page.series.title)}`);
    queued.send(order);
  };
  const drag = useDragOrder(ids, (order) => {
    const moved = order.find((id, i) => id !== ids[i]);
    send(order, moved ?? order[0]!);
  });
  const move = (id: string, by: -1 | 1) => send(queued.moved(id, by), id);

  if (page.stories.length === 0) {
    return (
      <EmptyState icon={<Layers aria-hidden className="size-6" />} title={SERIES_TEXTS.empty}>
        {editable && <p>Open one of your stories and choose “{SERIES_TEXTS.addToSeries}”.</p>}
      </EmptyState>
    );
  }
  return (
    <>
      {editable && <p className="text-sm text-muted">Drag a story by its handle, or use Move up and Move down, to change the order.</p>}
      <ol aria-label={`Stories in ${page.series.title}`} className="flex flex-col gap-3" data-testid="series-parts">
        {drag.order.map((id, index) => {
          const part = byId.get(id);
          if (!part) return null;
          return (
            <PartRow
              key={id}
              part={part}
              number={index + 1}
              total={drag.order.length}
              editable={editable}
              dragging={drag.dragging === id}
              rowRef={drag.rowRef(id)}
              handle={drag.handle(id)}
              onMove={(by) => move(id, by)}
              onRemove={() => remove.mutate(part)}
            />
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="series-announcement">
        {announcement}
      </p>
    </>
  );
}

function Series({ page }: { page: SeriesPage }) {
  const { series } = page;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const remove = useApiMutation({
    request: () => deleteSeries(series.id),
    success: 'Series deleted',
    onSuccess: async (_r, _v, queryClient) => {
      await navigate(`/user/${series.uid}`, { replace: true });
      queryClient.removeQueries({ queryKey: seriesKeys.page(series.id) });
      await invalidateAll(queryClient, [seriesKeys.all]);
    },
  });
  return (
    <section aria-labelledby="screen-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{`${series.title} · Drabble`}</title>
      <div className={`${card} flex flex-col gap-4`} data-testid="series-header">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-accent-ink">
            <Layers aria-hidden className="size-4" />
            {SERIES_TEXTS.heading}
          </p>
          <h1 id="screen-heading" className="mt-1 font-serif text-2xl font-bold break-words text-fg sm:text-3xl" data-testid="series-title">
            {series.title}
          </h1>
          <p className="mt-1 text-sm text-muted">
            by{' '}
            <Link to={`/user/${series.uid}`} className={textLink}>
              {series.authorDisplayName}
            </Link>
          </p>
          {series.description && <p className="mt-3 break-words whitespace-pre-line text-fg" data-testid="series-description">{series.description}</p>}
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" data-testid="series-stats">
            <span>{plural(series.storyCount, 'story', 'stories')}</span>
            <span data-testid="series-words">{plural(series.totalWords, 'word')}</span>
            <span data-testid="series-favorites">{`${formatNumber(series.favorites)} ${series.favorites === 1 ? 'favorite' : 'favorites'}`}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FeedLink feed={seriesFeed(series.id, series.title)} />
          <a href={seriesBookPath(series.id)} download className={iconTextLink} data-testid="series-book">
            <BookDown aria-hidden className="size-4" />
            {SERIES_TEXTS.downloadBook}
          </a>
          {series.permissions.edit && (
            <button type="button" className={secondaryButton} onClick={() => setDialog('edit')} data-testid="series-edit">
              <Pencil aria-hidden className="size-4" />
              Edit
            </button>
          )}
          {series.permissions.delete && (
            <button type="button" className={`${secondaryButton} hover:text-red-700 dark:hover:text-red-300`} onClick={() => setDialog('delete')} disabled={remove.isPending} data-testid="series-delete">
              <Trash2 aria-hidden className="size-4" />
              Delete
            </button>
          )}
        </div>
      </div>
      <Parts page={page} />
      {series.permissions.edit && <EditSeriesDialog page={page} open={dialog === 'edit'} onOpenChange={(open) => setDialog(open ? 'edit' : null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={SERIES_TEXTS.deleteSeries}
        description={`Delete “${series.title}”? ${SERIES_TEXTS.deleteExplained}`}
        confirmLabel="Delete series"
        tone="danger"
        onConfirm={() => remove.mutate(undefined)}
      />
    </section>
  );
}

/** /series/:id: a series' stories in order, as this reader may read them; its writer reorders and edits it here. Guests read it too. */
export function SeriesScreen() {
  const { id = '' } = useParams();
  const query = useQuery(seriesPageQuery(id));
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) return isApiError(query.error) && query.error.status === 404 ? <SeriesNotFound /> : <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  return <Series page={query.data} />;
}
