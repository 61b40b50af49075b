import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { RemoteStory } from '@common/federation';
import { Avatar } from '../../components/Avatar';
import { LoadError } from '../../components/LoadError';
import { card, secondaryButton, textLink } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { remoteStoriesQuery } from './api';

function RemoteStoryCard({ story }: { story: RemoteStory }) {
  const [open, setOpen] = useState(!story.sensitive);
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
        {story.url && (
          <a href={story.url} rel="nofollow noopener noreferrer" target="_blank" className={`${textLink} mt-3 inline-flex items-center gap-1 text-sm`}>
            Open on their server <ExternalLink aria-hidden className="size-3.5" />
          </a>
        )}
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
