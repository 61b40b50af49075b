import { useId, useState } from 'react';
import { Ban, Check, Globe, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { commentCreateSchema, type Comment, type Story } from '@common/stories/story';
import { COMMENT_MAX } from '@common/stories/rules';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadMore } from '../../../components/LoadMore';
import { focusRing, inputField, primaryButton, secondaryButton } from '../../../components/ui';
import { formErrorMessage } from '../../../lib/errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePagedList } from '../../../lib/paged-list';
import { useCurrentUser } from '../../../lib/auth';
import { commentsQuery, useApproveComment, useDeleteComment, usePostComment } from '../api/story';
import { useBlockRemote } from '../../federation';
import { LoginLink } from './LoginLink';
import { ReportButton } from '../../reports';
import { AdminRemove } from './AdminRemove';
import { ErrorText } from '../../../components/ErrorText';

/** Who wrote a comment: a member's profile here, or an account on another server (its page there). */
function authorParts(comment: Comment) {
  const person = { displayName: comment.authorDisplayName, profileIcon: comment.authorProfileIcon, profileImage: comment.authorProfileImage };
  const remote = comment.fediverse;
  if (remote) {
    const avatar = <Avatar person={person} size="sm" />;
    return {
      avatar: remote.profileUrl ? (
        <a href={remote.profileUrl} rel="nofollow noopener noreferrer" target="_blank" className={`shrink-0 self-start rounded-full ${focusRing}`} aria-label={`${remote.handle} on their server`}>
          {avatar}
        </a>
      ) : (
        <span className="shrink-0 self-start">{avatar}</span>
      ),
      name: (
        <>
          <span className="text-sm font-semibold text-fg">{comment.authorDisplayName}</span>
          <span className="text-xs break-all text-muted" data-testid="comment-handle">
            {remote.handle}
          </span>
        </>
      ),
    };
  }
  return {
    avatar: (
      <Link to={`/user/${comment.uid}`} className={`shrink-0 self-start rounded-full ${focusRing}`} aria-label={`${comment.authorDisplayName}’s profile`}>
        <Avatar person={person} size="sm" />
      </Link>
    ),
    name: (
      <Link to={`/user/${comment.uid}`} className={`rounded-sm text-sm font-semibold text-fg hover:underline ${focusRing}`}>
        {comment.authorDisplayName}
      </Link>
    ),
  };
}

/** The story's writer's controls for a reply from another server: approve a held one, block its account. */
function FediverseReplyActions({ comment, storyId }: { comment: Comment; storyId: string }) {
  const approve = useApproveComment(storyId);
  const block = useBlockRemote();
  const [blocking, setBlocking] = useState(false);
  const handle = comment.fediverse?.handle ?? '';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {comment.permissions.approve && (
        <button type="button" className={`${secondaryButton} px-3 py-1`} disabled={approve.isPending} onClick={() => approve.mutate(comment.id)} data-testid="approve-reply">
          <Check aria-hidden className="size-4" /> Approve
        </button>
      )}
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded-sm px-1 py-1 text-xs font-medium text-muted hover:text-red-700 hover:underline dark:hover:text-red-300 ${focusRing}`}
        disabled={block.isPending}
        onClick={() => setBlocking(true)}
        aria-label={`Block ${handle}`}
      >
        <Ban aria-hidden className="size-3.5" /> Block
      </button>
      <ConfirmDialog
        open={blocking}
        onOpenChange={setBlocking}
        title={`Block ${handle}?`}
        description="They stop following you, their replies to your stories go, and nothing more from them reaches your stories. Their server is told only that the follow ended."
        confirmLabel="Block"
        tone="danger"
        onConfirm={() => block.mutate(comment.uid)}
      />
    </div>
  );
}

function CommentItem({ comment, storyId, isWritersStory }: { comment: Comment; storyId: string; isWritersStory: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(storyId);
  const { user } = useCurrentUser();
  const author = authorParts(comment);
  return (
    <li className="flex gap-3 py-4" data-testid="comment">
      {author.avatar}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {author.name}
          <time dateTime={comment.createdAt} className="text-xs text-muted">
            {formatDateTime(comment.createdAt)}
          </time>
          {comment.fediverse && (
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              <Globe aria-hidden className="size-3" />
              {comment.fediverse.url ? (
                <a href={comment.fediverse.url} rel="nofollow noopener noreferrer" target="_blank" className="underline hover:no-underline">
                  from the fediverse
                </a>
              ) : (
                'from the fediverse'
              )}
            </span>
          )}
        </div>
        {comment.held && (
          <p className="mt-1 inline-block rounded-sm bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="held-reply">
            Held for your approval: only you can see it.
          </p>
        )}
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="comment-text">
          {comment.text}
        </p>
        {comment.fediverse && isWritersStory && <FediverseReplyActions comment={comment} storyId={storyId} />}
      </div>
      {user && user.uid !== comment.uid && (
        <ReportButton variant="icon" targetType="comment" targetId={comment.id} authorName={comment.authorDisplayName} />
      )}
      {comment.permissions.remove && <AdminRemove variant="icon" targetType="comment" targetId={comment.id} name={`comment by ${comment.authorDisplayName}`} />}
      {comment.permissions.delete && (
        <>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
            aria-label={`Delete comment by ${comment.authorDisplayName}`}
            title="Delete comment"
            className={`inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-red-700 dark:hover:text-red-300 ${focusRing}`}
            data-testid="delete-comment"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete comment"
            description="Are you sure you want to delete this comment? This action cannot be undone."
            confirmLabel="Delete"
            tone="danger"
            onConfirm={() => remove.mutate(comment.id)}
          />
        </>
      )}
    </li>
  );
}

function CommentForm({ storyId }: { storyId: string }) {
  const id = useId();
  const post = usePostComment(storyId);
  const form = useSchemaForm(commentCreateSchema, {
    initial: { text: '' },
    fallback: 'Please check your comment.',
    markFields: false,
    onSubmit: (comment) => post.mutate(comment, { onSuccess: () => form.setValue('text', ''), onError: (failure) => form.refuse(formErrorMessage(failure)) }),
  });
  const { text } = form.values;
  const error = form.error;
  const over = text.length > COMMENT_MAX;
  return (
    <form
      noValidate
      onSubmit={form.submit}
      className="flex flex-col gap-2"
      aria-label="Add a comment"
    >
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        Add a comment
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => form.setValue('text', event.target.value)}
        rows={3}
        placeholder="Say what stayed with you…"
        className={`${inputField} resize-y`}
        data-testid="comment-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`text-xs tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`}>
          {formatNumber(text.length)} / {formatNumber(COMMENT_MAX)}
        </span>
        <button type="submit" className={primaryButton} disabled={post.isPending || text.trim() === ''} data-testid="post-comment">
          {post.isPending ? 'Posting…' : 'Post comment'}
        </button>
      </div>
      {error && (
        <ErrorText>
          {error}
        </ErrorText>
      )}
    </form>
  );
}

/** The conversation under a story: oldest first, paged, with a box to add to it. */
export function Comments({ story }: { story: Story }) {
  const list = usePagedList(commentsQuery(story.id));
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="comments-heading" className="mt-10" data-testid="comments">
      <h2 id="comments-heading" className="text-lg font-semibold text-fg">
        Comments <span className="text-muted">({formatNumber(story.commentsCount)})</span>
      </h2>
      {list.status === 'pending' ? (
        <p className="mt-4 text-sm text-muted">Loading comments…</p>
      ) : list.status === 'error' ? (
        <ErrorText className="mt-4">
          Could not load comments. {list.error.message}
        </ErrorText>
      ) : list.items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{story.permissions.comment ? 'No comments yet. Be the first to say something.' : 'No comments.'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {list.items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} storyId={story.id} isWritersStory={user?.uid === story.uid} />
          ))}
        </ul>
      )}
      <LoadMore list={list} label="Show more comments" className="mt-2" />
      <div className="mt-6">
        {story.permissions.comment ? (
          <CommentForm storyId={story.id} />
        ) : !user ? (
          <LoginLink testId="login-to-comment">Log in to comment</LoginLink>
        ) : (
          !story.public && <p className="text-sm text-muted">Readers can comment once you make the story public.</p>
        )}
      </div>
    </section>
  );
}
