import { Rss } from 'lucide-react';
import { ATOM_CONTENT_TYPE, type FeedLink as Feed } from '@common/feeds';
import { iconTextLink } from './ui';

/**
 * "Feed": the page's Atom feed, to copy into a reader's app. A plain link, not the client
 * router's: the server answers it with the feed's XML.
 */
export function FeedLink({ feed, className = '' }: { feed: Feed; className?: string }) {
  return (
    <a
      href={feed.path}
      type={ATOM_CONTENT_TYPE}
      title={feed.title}
      className={`${iconTextLink} ${className}`}
      data-testid="feed-link"
    >
      <Rss aria-hidden className="size-4" />
      Feed
    </a>
  );
}
