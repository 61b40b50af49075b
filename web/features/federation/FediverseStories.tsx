import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Reply } from 'lucide-react';
import { FEDERATION_TEXTS, remoteReplyCreateSchema, type RemoteStory } from '@common/federation/federation';
import { COMMENT_MAX } from '@common/stories/rules';
import { Avatar } from '../../components/Avatar';
import { ErrorText } from '../../components/ErrorText';
import { LoadError } from '../../components/LoadError';
import { card, inputField, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { errorMessage, formErrorMessage } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { remoteStoriesQuery, useReplyRemote } from './api';

/** Answering a post from another server: the reply goes to its writer's server, in public. */
function ReplyForm({ story, onSent }: { story: RemoteStory; onSent: () => void }) {
  const id = useId();
  const send = useReplyRemote();
  const form = useSchemaForm(remoteReplyCreateSchema, {
    initial: { text: '' },
    input: ({ text }) => ({ inReplyTo: story.id, text }),
    fallback: FEDERATION_TEXTS.replyEmpty,
    markFields: false,
    onSubmit: (reply) =>
      send.mutate(reply, {
        onSuccess: () => {
          form.setValue('text', '');
          onSent();
        },
        onError: (failure) => form.refuse(formErrorMessage(failure)),
      }),
  });
  const { text } = form.values;
  const error = form.error;
  return (
    <form
      noValidate
      className="mt-3 flex flex-col gap-2"
      onSubmit={form.submit}
    >
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {FEDERATION_TEXTS.replyLabel(story.author.handle)}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        onChange={(event) => form.setValue('text', event.target.value)}
        className={`${inputField} resize-y`}
        data-testid="remote-reply-input"
      />
      <p className="text-xs text-muted">{FEDERATION_TEXTS.replyHelp}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`text-xs tabular-nums ${text.length > COMMENT_MAX ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`}>
          {formatNumber(text.length)} / {formatNumber(COMMENT_MAX)}
        </span>
        <button type="submit" className={primaryButton} disabled={send.isPending || text.trim() === ''} data-testid="send-remote-reply">
          {send.isPending ? FEDERATION_TEXTS.replySending : FEDERATION_TEXTS.replySend}
        </button>
      </div>
      {error && <ErrorText>{error}</ErrorText>}
    </form>
  );
}

function RemoteStoryCard({ story }: { story: RemoteStory }) {
  const [open, setOpen] = useState(!story.sensitive);
  const [replying, setReplying] = useState(false);
  const textId = useId();
  return (
    <li>
      <article className={`${card} p-5`} data-testid="remote-story">
        <div className="flex items-center gap-2">
          {/* Our own copy of their picture (the server never links to theirs), else their initial. */}
          <Avatar person={{ name: story.author.name, profileImage: story.author.iconUrl }} size="sm" />
          <p className="min-w-0 text-sm text-muted">
            <span className="font-medium text-fg">{story.author.name}</span>{' '}
            {story.author.url ? (
              <a href={story.author.url} rel="nofollow noopener noreferrer" target="_blank" className="hover:underline">
                {story.author.handle}
              </a>
            ) : (
              story.author.handle
            )}
            {' · '}
            <time dateTime={story.published}>{new Date(story.published).toLocaleDateString()}</time>
          </p>
        </div>
        {story.summary && <p className="mt-2 font-medium text-fg">{story.summary}</p>}
        {!open ? (
          <button type="button" className={`${secondaryButton} mt-3 px-3 py-1.5`} aria-controls={textId} onClick={() => setOpen(true)}>
            Show post
          </button>
        ) : (
          // Sanitised on the server before it was stored: p, br, emphasis, a[href] and span only.
          <div id={textId} className="mt-3 space-y-3 break-words text-fg [&_a]:underline" dangerouslySetInnerHTML={{ __html: story.content }} />
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {story.url && (
            <a href={story.url} rel="nofollow noopener noreferrer" target="_blank" className={`${textLink} inline-flex items-center gap-1 text-sm`}>
              Open on their server <ExternalLink aria-hidden className="size-3.5" />
            </a>
          )}
          {!replying && (
            <button type="button" className={`${secondaryButton} px-3 py-1.5`} onClick={() => setReplying(true)} data-testid="remote-reply">
              <Reply aria-hidden className="size-4" /> {FEDERATION_TEXTS.reply}
            </button>
          )}
        </div>
        {story.myReplies.length > 0 && (
          <div className="mt-3 border-t border-line pt-3">
            <p className="text-sm font-semibold text-fg">{FEDERATION_TEXTS.myReplies}</p>
            <ul className="mt-1 space-y-2" data-testid="my-remote-replies">
              {story.myReplies.map((reply) => (
                <li key={reply.id} className="text-sm">
                  <time dateTime={reply.createdAt} className="text-xs text-muted">
                    {formatDateTime(reply.createdAt)}
                  </time>
                  <p className="break-words whitespace-pre-wrap text-fg">{reply.text}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
        {replying && <ReplyForm story={story} onSent={() => setReplying(false)} />}
      </article>
    </li>
  );
}

/** Under the feed: posts from the writers the reader follows on other servers, when there are any. */
export function FediverseStories() {
  const stories = useQuery(remoteStoriesQuery);
  if (stories.isError) return <LoadError message={errorMessage(stories.error)} onRetry={() => void stories.refetch()} />;
  if (!stories.data || stories.data.stories.length === 0) return null;
  return (
    <section aria-labelledby="fediverse-stories" className="mt-10">
      <h2 id="fediverse-stories" className="text-xl font-bold text-fg">
        From the fediverse
      </h2>
      <ul className="mt-4 flex flex-col gap-4" data-testid="remote-stories">
        {stories.data.stories.map((story) => (
          <RemoteStoryCard key={story.id} story={story} />
        ))}
      </ul>
    </section>
  );
}
