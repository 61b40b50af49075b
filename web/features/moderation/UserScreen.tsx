import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT_ACTION_LABELS, type AccountAction, type AdminUserDetail, type CaseSummary } from '@common/moderation/moderation';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, focusRing, secondaryButton, textLink } from '../../components/ui';
import { isApiError } from '../../lib/api';
import { formatDate, formatDateTime, plural } from '../../lib/format';
import { ActionHistory } from './ActionHistory';
import { adminUserQuery, useAccountAction } from './api';
import { CaseStatusBadge, CategoryChips, TargetType, UserStatusBadge, pill } from './badges';
import { ReasonDialog } from './ReasonDialog';
import { RemoveContentButton } from './RemoveContent';
import { ApprovalActions } from '../registration';

const ACTION_HINTS: Record<AccountAction, string> = {
  warn: 'They see this reason as a warning and get a notification.',
  limit: "Their stories leave community and the feeds of people who don't follow them; they cannot start conversations.",
  unlimit: 'Their stories return to community and feeds.',
  suspend: 'They cannot sign in, their open sessions end now and their content is hidden.',
  unsuspend: 'They can sign in again and their content shows again.',
  delete: 'Deletes the account and everything in it now. This cannot be undone.',
  note: 'A note for other admins; the person is not told.',
};
const DANGER: ReadonlySet<AccountAction> = new Set(['suspend', 'delete']);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={`${card} flex flex-col gap-3 p-4 sm:p-6`} data-testid={testId}>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

function CaseLinks({ cases, empty, testId }: { cases: CaseSummary[]; empty: string; testId: string }) {
  if (cases.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid={testId}>
      {cases.map((item) => (
        <li key={item.id}>
          <Link
            to={`/admin/reports?${new URLSearchParams({ ...(item.status === 'resolved' ? { status: 'resolved' } : {}), case: item.id }).toString()}`}
            className={`flex flex-col gap-1 rounded-lg border border-line p-3 hover:border-accent-500 ${focusRing}`}
          >
            <span className="flex flex-wrap items-center gap-2">
              <TargetType type={item.targetType} />
              <span className="text-sm font-semibold text-fg">{item.target.name}</span>
              <CaseStatusBadge item={item} />
              <span className="ml-auto text-xs text-muted">{formatDate(item.created_at)}</span>
            </span>
            <span className="line-clamp-2 text-sm break-words text-fg">{item.excerpt}</span>
            <CategoryChips categories={item.categories} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /admin/users/:uid: one account's standing, history and what an admin may do about it. */
export function UserScreen() {
  const { uid = '' } = useParams();
  const { data, isPending, error, refetch } = useQuery(adminUserQuery(uid));
  return (
    <div className="flex flex-col gap-6" data-testid="admin-user-screen">
      <Link to="/admin/users" className={`${textLink} inline-flex items-center gap-1 self-start text-sm`}>
        <ArrowLeft aria-hidden className="size-4" />
        All users
      </Link>
      {isPending ? (
        <CenteredSpinner />
      ) : data ? (
        <UserBody user={data} />
      ) : (
        <>
          <title>User · Drabble</title>
          <LoadError message={isApiError(error) && error.status === 404 ? 'User not found' : 'Could not load this account.'} onRetry={() => void refetch()} />
        </>
      )}
    </div>
  );
}

function UserBody({ user }: { user: AdminUserDetail }) {
  const [action, setAction] = useState<AccountAction | null>(null);
  const act = useAccountAction();
  const navigate = useNavigate();

  return (
    <>
      <title>{`${user.displayName} · Users · Drabble`}</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-4 p-4 sm:p-6`}>
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="screen-heading" className="text-2xl font-bold break-words text-fg">
              {user.displayName}
            </h1>
            <UserStatusBadge status={user.status} />
            {user.owner ? <span className={`${pill} bg-accent-soft text-accent-soft-ink`}>Owner</span> : user.admin && <span className={`${pill} bg-accent-soft text-accent-soft-ink`}>Admin</span>}
          </div>
          <p className="text-sm break-all text-muted">{user.email}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Fact label="Joined">{formatDate(user.created_at)}</Fact>
          <Fact label="Last active">{formatDateTime(user.lastActive)}</Fact>
          <Fact label="Open reports">{user.openReports}</Fact>
          {user.warnedAt && <Fact label="Warned">{formatDateTime(user.warnedAt)}</Fact>}
          {user.limitedAt && <Fact label="Limited since">{formatDateTime(user.limitedAt)}</Fact>}
          {user.suspendedAt && <Fact label="Suspended since">{formatDateTime(user.suspendedAt)}</Fact>}
          {user.deactivatedAt && <Fact label="Deletion requested">{formatDateTime(user.deactivatedAt)}</Fact>}
          {user.deleteAfter && <Fact label="Deleted on">{formatDate(user.deleteAfter)}</Fact>}
        </dl>
        {user.warning && (
          <div className="rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="user-warning">
            <p className="font-semibold">Warning shown to them</p>
            <p className="mt-1 break-words whitespace-pre-wrap">{user.warning}</p>
          </div>
        )}
        {user.status === 'waiting' && <ApprovalActions uid={user.uid} name={user.displayName} />}
        {user.allowedActions.length > 0 ? (
          <div role="group" aria-label="Account actions" className="flex flex-wrap gap-2 border-t border-line pt-4" data-testid="account-actions">
            {user.allowedActions.map((a) => (
              <button
                key={a}
                type="button"
                className={`${secondaryButton} px-3 py-1.5 ${DANGER.has(a) ? 'text-red-700 dark:text-red-300' : ''}`}
                disabled={act.isPending}
                onClick={() => setAction(a)}
                data-testid={`account-action-${a}`}
              >
                {ACCOUNT_ACTION_LABELS[a]}
              </button>
            ))}
          </div>
        ) : (
          <p className="border-t border-line pt-4 text-sm text-muted">{user.owner ? 'Only the owner can act on this account.' : 'No actions are available for this account.'}</p>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={`Reports received (${user.reportsReceived.length})`}>
          <CaseLinks cases={user.reportsReceived} empty="Nobody has reported them." testId="reports-received" />
        </Section>
        <Section title={`Reports made (${user.reportsMade.length})`}>
          <CaseLinks cases={user.reportsMade} empty="They haven't reported anything." testId="reports-made" />
        </Section>
        <Section title="Actions and notes">
          <ActionHistory actions={user.actions} empty="No actions or notes yet." testId="account-history" />
        </Section>
        <Section title={`Stories (${user.stories.length})`} testId="user-stories">
          {user.stories.length === 0 ? (
            <p className="text-sm text-muted">No stories.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {user.stories.map((story) => (
                <li key={story.id} className="flex items-center gap-3 py-2 text-sm" data-testid="user-story">
                  <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
                    {story.public ? (
                      <Link to={`/story/${encodeURIComponent(story.id)}`} className={`${textLink} break-words`}>
                        {story.title || 'Untitled'}
                      </Link>
                    ) : (
                      // Admins cannot open someone else's private story: its title only.
                      <span className="break-words text-fg">{story.title || 'Untitled'}</span>
                    )}
                    <span className="text-xs text-muted">
                      {story.public ? 'Public' : 'Private'} · {plural(story.wordCount, 'word')} · {formatDate(story.created_at)}
                    </span>
                  </span>
                  {user.canRemoveContent && <RemoveContentButton targetType="story" targetId={story.id} name={`story “${story.title || 'Untitled'}”`} />}
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={`Comments (${user.comments.length})`} testId="user-comments">
          {user.comments.length === 0 ? (
            <p className="text-sm text-muted">No comments.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {user.comments.map((comment) => (
                <li key={comment.id} className="flex items-start gap-3 py-2 text-sm" data-testid="user-comment">
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="line-clamp-3 break-words whitespace-pre-wrap text-fg">{comment.text}</span>
                    <span className="text-xs text-muted">
                      On{' '}
                      <Link to={`/story/${encodeURIComponent(comment.storyId)}`} className={textLink}>
                        {comment.storyTitle || 'Untitled'}
                      </Link>{' '}
                      · <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
                    </span>
                  </span>
                  {user.canRemoveContent && <RemoveContentButton targetType="comment" targetId={comment.id} name={`comment on “${comment.storyTitle || 'Untitled'}”`} />}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <ReasonDialog
        open={action !== null}
        onOpenChange={(next) => !next && setAction(null)}
        title={action ? `${ACCOUNT_ACTION_LABELS[action]} · ${user.displayName}` : ''}
        description={action ? ACTION_HINTS[action] : ''}
        submitLabel={action ? ACCOUNT_ACTION_LABELS[action] : ''}
        tone={action && DANGER.has(action) ? 'danger' : 'default'}
        pending={act.isPending}
        withResolveReports={action !== null && action !== 'note'}
        confirmName={action === 'delete' ? user.displayName : undefined}
        onSubmit={({ reason, resolveReports, confirm }) => {
          if (!action) return;
          act.mutate(
            { uid: user.uid, action, reason, resolveReports, ...(confirm !== undefined ? { confirm } : {}) },
            {
              onSuccess: () => {
                setAction(null);
                if (action === 'delete') void navigate('/admin/users', { replace: true });
              },
            },
          );
        }}
      />
    </>
  );
}
