import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { commentCreateSchema, type Comment, type Story } from '@common/story';
import { COMMENT_MAX } from '@common/story-rules';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadMore } from '../../../components/LoadMore';
import { focusRing, inputField, primaryButton } from '../../../components/ui';
import { formErrorMessage } from '../../../lib/errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePagedList } from '../../../lib/paged-list';
import { useCurrentUser } from '../../../lib/auth';
import { commentsQuery, useDeleteComment, usePostComment } from '../api';
import { LoginLink } from './LoginLink';
import { ReportButton } from '../../reports';
import { AdminRemove } from './AdminRemove';
import { ErrorText } from '../../../components/ErrorText';

function CommentItem({ comment, storyId }: { comment: Comment; storyId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(storyId);
  const { user } = useCurrentUser();
  return (
    <li className="flex gap-3 py-4" data-testid="comment">
      <Link to={`/user/${comment.uid}`} className={`shrink-0 self-start rounded-full ${focusRing}`} aria-label={`${comment.authorDisplayName}’s profile`}>
        <Avatar person={{ displayName: comment.authorDisplayName, profileIcon: comment.authorProfileIcon, profileImage: comment.authorProfileImage }} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Link to={`/user/${comment.uid}`} className={`rounded-sm text-sm font-semibold text-fg hover:underline ${focusRing}`}>
            {comment.authorDisplayName}
          </Link>
          <time dateTime={comment.createdAt} className="text-xs text-muted">
            {formatDateTime(comment.createdAt)}
          </time>
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg" data-testid="comment-text">
          {comment.text}
        </p>
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
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const post = usePostComment(storyId);
  const submit = () => {
    const parsed = commentCreateSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your comment.');
    setError(null);
    post.mutate(parsed.data, { onSuccess: () => setText(''), onError: (failure) => setError(formErrorMessage(failure)) });
  };
  const over = text.length > COMMENT_MAX;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-2"
      aria-label="Add a comment"
    >
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        Add a comment
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
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
            <CommentItem key={comment.id} comment={comment} storyId={story.id} />
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
