import { useState } from 'react';
import { BookCopy, BookDown, Check, LogOut, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { anthologyFeed } from '@common/feeds/feeds';
import { ANTHOLOGY_SUBMISSION_LABELS, ANTHOLOGY_TEXTS, anthologyBookPath, type AnthologyPage as Page } from '@common/anthologies/anthologies';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FeedLink } from '../../components/FeedLink';
import { focusRing, iconTextLink, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { formatNumber, plural } from '../../lib/format';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { ReportButton } from '../reports';
import { anthologyKeys, deleteAnthology, followAnthology, removeEditor, summaryChanged } from './api';
import { EditAnthologyDialog, EditorsDialog } from './AnthologyDialogs';
import { AnthologyStories, PendingStories } from './AnthologyStories';
import { COVER_BG } from './covers';

type Dialog = 'edit' | 'editors' | 'delete' | 'step-down' | null;

function FollowButton({ page }: { page: Page }) {
  const { anthology } = page;
  const follow = useApiMutation({
    request: (on: boolean) => followAnthology(anthology.id, on),
    onSuccess: (saved, _v, queryClient) => summaryChanged(queryClient, saved, false),
  });
  const following = anthology.following;
  return (
    <button
      type="button"
      aria-pressed={following}
      className={following ? secondaryButton : primaryButton}
      onClick={() => follow.mutate(!following)}
      disabled={follow.isPending}
      data-testid="anthology-follow"
    >
      {following ? <Check aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />}
      {following ? ANTHOLOGY_TEXTS.unfollow : ANTHOLOGY_TEXTS.follow}
    </button>
  );
}

/** /anthologies/:id: the anthology's cover, who edits it, its stories as this reader may read them, and what its editors may do. */
export function AnthologyPage({ page }: { page: Page }) {
  const { anthology } = page;
  const { permissions } = anthology;
  const me = useCurrentUser().user?.uid ?? null;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const coEditor = !permissions.manage && me !== null && anthology.editors.slice(1).some((e) => e.uid === me);
  const dialogState = (which: Exclude<Dialog, null>) => ({ open: dialog === which, onOpenChange: (open: boolean) => setDialog(open ? which : null) });

  const remove = useApiMutation({
    request: () => deleteAnthology(anthology.id),
    success: `${anthology.title} deleted`,
    onSuccess: async (_r, _v, queryClient) => {
      await navigate('/anthologies', { replace: true });
      queryClient.removeQueries({ queryKey: anthologyKeys.page(anthology.id) });
      await invalidateAll(queryClient, [anthologyKeys.all]);
    },
  });
  const stepDown = useApiMutation({
    request: () => removeEditor(anthology.id, me ?? ''),
    success: `You are no longer a co-editor of ${anthology.title}`,
    onSuccess: (saved, _v, queryClient) => summaryChanged(queryClient, saved, true),
  });

  return (
    <section aria-labelledby="screen-heading" className="mx-auto flex max-w-4xl flex-col gap-8" data-testid="anthology-screen">
      <title>{`${anthology.title} · ${ANTHOLOGY_TEXTS.heading} · Drabble`}</title>
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm" data-testid="anthology-header" data-cover={anthology.cover}>
        <div aria-hidden className={`h-3 ${COVER_BG[anthology.cover]}`} data-testid="anthology-band" />
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-sm font-semibold text-accent-ink">
              <BookCopy aria-hidden className="size-4" />
              <Link to="/anthologies" className={`rounded-sm hover:underline ${focusRing}`}>
                {ANTHOLOGY_TEXTS.heading}
              </Link>
            </p>
            <h1 id="screen-heading" className="mt-1 font-serif text-2xl font-bold break-words text-fg sm:text-3xl" data-testid="anthology-title">
              {anthology.title}
            </h1>
            <p className="mt-1 text-sm text-muted" data-testid="anthology-editors">
              {`${ANTHOLOGY_TEXTS.editors}: `}
              {anthology.editors.map((editor, i) => (
                <span key={editor.uid}>
                  {i > 0 && (i === anthology.editors.length - 1 ? ' and ' : ', ')}
                  <Link to={`/user/${editor.uid}`} className={textLink}>
                    {editor.name}
                  </Link>
                </span>
              ))}
            </p>
            {anthology.description && (
              <p className="mt-3 break-words whitespace-pre-line text-fg" data-testid="anthology-description">
                {anthology.description}
              </p>
            )}
            {anthology.rules && (
              <details className="group mt-3 rounded-lg border border-line bg-subtle px-3 py-2" data-testid="anthology-rules">
                <summary className="cursor-pointer text-sm font-semibold text-fg">{ANTHOLOGY_TEXTS.rules}</summary>
                <p className="mt-2 text-sm break-words whitespace-pre-line text-fg">{anthology.rules}</p>
              </details>
            )}
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" data-testid="anthology-stats">
              <span data-testid="anthology-story-count">{plural(anthology.storyCount, 'story', 'stories')}</span>
              <span data-testid="anthology-followers">{`${formatNumber(anthology.followers)} ${anthology.followers === 1 ? 'follower' : 'followers'}`}</span>
              <span data-testid="anthology-submissions">{ANTHOLOGY_SUBMISSION_LABELS[anthology.submissions].name} submissions</span>
            </p>
            {permissions.submit && (
              <p className="mt-2 text-sm text-muted" data-testid="anthology-how-to-submit">
                To add a story, open one of your public stories and choose “{ANTHOLOGY_TEXTS.submit}”.
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
            {permissions.follow && <FollowButton page={page} />}
            {/* As every feed in the app: a panel with the address for a reader's app, and the page's <link rel="alternate">. */}
            <FeedLink feed={anthologyFeed(anthology.id, anthology.title)} />
            {/* A book needs a story the reader may read (the server answers 404 without one). */}
            {anthology.storyCount > 0 && (
              <a href={anthologyBookPath(anthology.id)} download className={iconTextLink} data-testid="anthology-book">
                <BookDown aria-hidden className="size-4" />
                {ANTHOLOGY_TEXTS.downloadBook}
              </a>
            )}
            {permissions.report && <ReportButton targetType="anthology" targetId={anthology.id} />}
          </div>
          {(permissions.edit || coEditor) && (
            <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4" data-testid="anthology-editor-actions">
              {permissions.edit && (
                <button type="button" className={secondaryButton} onClick={() => setDialog('edit')} data-testid="anthology-edit">
                  <Pencil aria-hidden className="size-4" />
                  {ANTHOLOGY_TEXTS.edit}
                </button>
              )}
              {permissions.manage && (
                <button type="button" className={secondaryButton} onClick={() => setDialog('editors')} data-testid="anthology-manage-editors">
                  <Users aria-hidden className="size-4" />
                  {ANTHOLOGY_TEXTS.coEditors}
                </button>
              )}
              {permissions.manage && (
                <button
                  type="button"
                  className={`${secondaryButton} hover:text-red-700 dark:hover:text-red-300`}
                  onClick={() => setDialog('delete')}
                  disabled={remove.isPending}
                  data-testid="anthology-delete"
                >
                  <Trash2 aria-hidden className="size-4" />
                  {ANTHOLOGY_TEXTS.deleteAnthology}
                </button>
              )}
              {coEditor && (
                <button type="button" className={secondaryButton} onClick={() => setDialog('step-down')} disabled={stepDown.isPending} data-testid="anthology-step-down">
                  <LogOut aria-hidden className="size-4" />
                  {ANTHOLOGY_TEXTS.stepDown}
                </button>
              )}
            </div>
          )}
        </div>
      </div>

      {permissions.edit && <PendingStories page={page} />}

      <section aria-labelledby="anthology-stories-heading" data-testid="anthology-stories-section">
        <h2 id="anthology-stories-heading" className="mb-4 text-xl font-bold text-fg">
          Stories
        </h2>
        <AnthologyStories page={page} />
      </section>

      {/* Keyed by the last change: the fields start from the anthology as it is now, another editor's changes included. */}
      {permissions.edit && <EditAnthologyDialog key={anthology.updatedAt} anthology={anthology} {...dialogState('edit')} />}
      {permissions.manage && <EditorsDialog anthology={anthology} {...dialogState('editors')} />}
      <ConfirmDialog
        {...dialogState('delete')}
        title={ANTHOLOGY_TEXTS.deleteAnthology}
        description={`Delete “${anthology.title}”? ${ANTHOLOGY_TEXTS.deleteExplained}`}
        confirmLabel={ANTHOLOGY_TEXTS.deleteAnthology}
        tone="danger"
        onConfirm={() => remove.mutate(undefined)}
      />
      <ConfirmDialog
        {...dialogState('step-down')}
        title={ANTHOLOGY_TEXTS.stepDown}
        description={`Step down as co-editor of “${anthology.title}”? You will no longer accept, remove or order its stories.`}
        confirmLabel={ANTHOLOGY_TEXTS.stepDown}
        onConfirm={() => stepDown.mutate(undefined)}
      />
    </section>
  );
}
