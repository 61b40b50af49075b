import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { SERIES_TEXTS } from '@common/series/series';
import { focusRing } from '../../components/ui';
import { plural } from '../../lib/format';
import { writerSeriesQuery } from './api';

/** The profile's "Series" section: the writer's series this reader may see; nothing while there are none. */
export function WriterSeries({ uid }: { uid: string }) {
  const series = useQuery(writerSeriesQuery(uid)).data;
  if (!series || series.length === 0) return null;
  return (
    <section aria-labelledby="writer-series-heading" data-testid="writer-series">
      <h2 id="writer-series-heading" className="mb-4 text-xl font-bold text-fg">
        {SERIES_TEXTS.heading}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Series">
        {series.map((s) => (
          <li key={s.id}>
            <Link to={`/series/${s.id}`} className={`flex h-full flex-col rounded-xl border border-line bg-surface p-4 shadow-sm hover:bg-subtle ${focusRing}`} data-testid="writer-series-item">
              <span className="flex items-center gap-1.5 font-serif text-lg font-bold break-words text-fg">
                <Layers aria-hidden className="size-4 shrink-0 text-accent-ink" />
                {s.title}
              </span>
              {s.description && <span className="mt-1 line-clamp-2 text-sm break-words text-muted">{s.description}</span>}
              <span className="mt-2 text-xs text-muted">
                {plural(s.storyCount, 'story', 'stories')} · {plural(s.totalWords, 'word')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
