import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { card, textLink } from '../../components/ui';
import { suggestionsQuery, WriterRow } from '../follows';

/** An empty feed: a way to Community, and writers to follow (followed by the people the reader follows). */
export function FeedSuggestions() {
  const suggestions = useQuery(suggestionsQuery);
  const writers = suggestions.data ?? [];
  return (
    <div className="space-y-6">
      <EmptyState icon={<Rss aria-hidden className="size-6" />} title="Your feed is empty.">
        Follow writers to see their new stories here.{' '}
        <Link to="/community" className={textLink}>
          Browse the community
        </Link>
      </EmptyState>
      {writers.length > 0 && (
        <section aria-labelledby="feed-suggestions" className={card} data-testid="feed-suggestions">
          <h2 id="feed-suggestions" className="text-lg font-semibold text-fg">
            Writers to follow
          </h2>
          <ul className="mt-4 divide-y divide-line">
            {writers.map((writer) => (
              <WriterRow key={writer.uid} writer={writer} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
