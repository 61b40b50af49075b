import { useId, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMMENT_MAX,
  commentCreateSchema,
  commentCreatedSchema,
  commentDeletedSchema,
  commentPageSchema,
  type Comment,
  type Story,
} from '@common/story';
import { apiFetch } from '../../../lib/api';
import { focusRing, inputField, primaryButton, secondaryButton } from '../../../app/ui';
import { useToast } from '../../../app/toasts/toast-context';
import { Avatar } from '../../../app/Avatar';
import { ConfirmDialog } from '../../stories/ConfirmDialog';
import { storyKeys } from '../../stories/api/keys';
import { formatDateTime, formatNumber } from '../../stories/format';
import { saveErrorMessage } from '../editor/save';

function useCommentCountSync(storyId: string) {
  const queryClient = useQueryClient();
  return (commentsCount: number) => {
    queryClient.setQueryData<Story>(storyKeys.detail(storyId), (story) => (story ? { ...story, commentsCount } : story));
    void queryClient.invalidateQueries({ queryKey: storyKeys.comments(storyId) });
  };
}

function CommentItem({ comment, storyId }: { comment: Comment; storyId: string }) {
  const [confirming, setConfirming] = useState(false);
  const { toast } = useToast();
  const syncCount = useCommentCountSync(storyId);
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/stories/${encodeURIComponent(storyId)}/comments/${encodeURIComponent(comment.id)}`, { method: 'DELETE', schema: commentDeletedSchema }),
    onSuccess: ({ commentsCount }) => {
      toast('Comment deleted.', 'success');
      syncCount(commentsCount);
    },
    onError: (error) => {
      console.error('Could not delete the comment', error);
      toast('Failed to delete comment.', 'error');
    },
  });
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
            onConfirm={() => remove.mutate()}
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
  const syncCount = useCommentCountSync(storyId);
  const post = useMutation({
    mutationFn: (body: { text: string }) => apiFetch(`/api/stories/${encodeURIComponent(storyId)}/comments`, { method: 'POST', body, schema: commentCreatedSchema }),
    onSuccess: ({ commentsCount }) => {
      setText('');
      syncCount(commentsCount);
    },
    onError: (failure) => setError(saveErrorMessage(failure)),
  });
  const submit = () => {
    const parsed = commentCreateSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check your comment.');
    setError(null);
    post.mutate(parsed.data);
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
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** The conversation under a story: oldest first, paged, with a box to add to it. */
export function Comments({ story }: { story: Story }) {
  const query = useInfiniteQuery({
    queryKey: storyKeys.comments(story.id),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/stories/${encodeURIComponent(story.id)}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { schema: commentPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <section aria-labelledby="comments-heading" className="mt-10" data-testid="comments">
      <h2 id="comments-heading" className="text-lg font-semibold text-fg">
        Comments <span className="text-muted">({formatNumber(story.commentsCount)})</span>
      </h2>
      {query.isPending ? (
        <p className="mt-4 text-sm text-muted">Loading comments…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          Could not load comments. {query.error.message}
        </p>
      ) : comments.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{story.permissions.comment ? 'No comments yet. Be the first to say something.' : 'No comments.'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} storyId={story.id} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button type="button" className={`${secondaryButton} mt-2`} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show more comments'}
        </button>
      )}
      <div className="mt-6">
        {story.permissions.comment ? (
          <CommentForm storyId={story.id} />
        ) : (
          <p className="text-sm text-muted">{story.public ? 'Sign in to comment.' : 'Readers can comment once you make the story public.'}</p>
        )}
      </div>
    </section>
  );
}
