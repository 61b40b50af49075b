import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import { TAG_TEXTS, tagPath } from '@common/tags/rules';
import { card, focusRing } from '../../components/ui';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { trendingTagsQuery } from './api';

/** /tags: the tags put on public stories most in the last seven days. */
export function TagsScreen() {
  const query = useQuery(trendingTagsQuery());
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto flex w-full max-w-2xl flex-col gap-4`}>
      <title>{`${TAG_TEXTS.trendingTitle} · Drabble`}</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {TAG_TEXTS.trendingTitle}
      </h1>
      {query.isPending ? (
        <CenteredSpinner />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-muted">{TAG_TEXTS.trendingEmpty}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" data-testid="trending-tags">
          {query.data.map((tag) => (
            <li key={tag.key}>
              <Link to={tagPath(tag.key)} className={`flex items-center justify-between gap-3 rounded-sm py-2.5 hover:underline ${focusRing}`}>
                <span className="inline-flex items-center gap-1 font-medium text-accent-ink">
                  <Hash aria-hidden className="size-4" />
                  {tag.name}
                </span>
                <span className="text-sm text-muted">{TAG_TEXTS.storyCount(tag.storyCount)} this week</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
