import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { SERIES_TEXTS } from '@common/series/series';
import { focusRing, textLink } from '../../components/ui';
import { storyPartQuery } from './api';

/** "Part 3 of <series>" above a story that is in one, numbered as this reader sees the series. */
export function StoryPartLine({ storyId, className = '' }: { storyId: string; className?: string }) {
  const part = useQuery(storyPartQuery(storyId)).data;
  if (!part) return null;
  return (
    <p className={`flex items-center gap-1.5 text-sm text-muted ${className}`} data-testid="story-part">
      <Layers aria-hidden className="size-4 shrink-0 text-accent-ink" />
      <span>
        Part {part.number} of{' '}
        <Link to={`/series/${part.series.id}`} className={textLink} data-testid="story-part-series">
          {part.series.title}
        </Link>
      </span>
    </p>
  );
}

const stepLink = `flex min-w-0 items-center gap-1 rounded-md border border-line bg-surface px-3 py-2 text-sm font-medium text-fg hover:bg-subtle ${focusRing}`;

/** The previous and next parts this reader may read, under the story. */
export function StoryPartSteps({ storyId }: { storyId: string }) {
  const part = useQuery(storyPartQuery(storyId)).data;
  if (!part || (!part.previous && !part.next)) return null;
  return (
    <nav aria-label={`${part.series.title}: previous and next parts`} className="mt-8 flex flex-wrap justify-between gap-3" data-testid="story-part-steps">
      {part.previous ? (
        <Link to={`/story/${part.previous.id}`} className={stepLink} rel="prev" data-testid="story-part-previous">
          <ChevronLeft aria-hidden className="size-4 shrink-0" />
          <span className="truncate">
            <span className="text-muted">{SERIES_TEXTS.previous}: </span>
            {part.previous.title}
          </span>
        </Link>
      ) : (
        <span />
      )}
      {part.next && (
        <Link to={`/story/${part.next.id}`} className={`${stepLink} ml-auto`} rel="next" data-testid="story-part-next">
          <span className="truncate">
            <span className="text-muted">{SERIES_TEXTS.next}: </span>
            {part.next.title}
          </span>
          <ChevronRight aria-hidden className="size-4 shrink-0" />
        </Link>
      )}
    </nav>
  );
}
