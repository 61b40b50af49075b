import { Link } from 'react-router';
import { anthologyPath, type AnthologySummary } from '@common/anthologies/anthologies';
import { focusRing } from '../../components/ui';
import { plural } from '../../lib/format';
import { COVER_BG } from './covers';

/** "Wren, Rook and Ada": the editors as a line of text. */
export function editorNames(editors: AnthologySummary['editors']): string {
  const names = editors.map((e) => e.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** An anthology in a list: its cover colour as a spine, its title, description, story count and editors; the whole card opens it. */
export function AnthologyCard({ anthology, headingLevel: Heading = 'h3' }: { anthology: AnthologySummary; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Link
      to={anthologyPath(anthology.id)}
      className={`flex h-full overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition hover:border-accent-500 hover:shadow-md ${focusRing}`}
      data-testid="anthology-card"
      data-anthology-id={anthology.id}
    >
      <span aria-hidden className={`w-3 shrink-0 ${COVER_BG[anthology.cover]}`} data-testid="anthology-spine" />
      <span className="flex min-w-0 flex-1 flex-col p-4">
        <Heading className="font-serif text-lg leading-snug font-bold break-words text-fg" data-testid="anthology-card-title">
          {anthology.title}
        </Heading>
        {anthology.description && <span className="mt-1 line-clamp-3 text-sm break-words text-muted">{anthology.description}</span>}
        <span className="min-h-3 flex-1" />
        <span className="mt-3 text-xs text-muted">
          <span data-testid="anthology-card-count">{plural(anthology.storyCount, 'story', 'stories')}</span>
          {anthology.editors.length > 0 && <span> · Edited by {editorNames(anthology.editors)}</span>}
        </span>
      </span>
    </Link>
  );
}

/** Anthology cards in a responsive grid. */
export function AnthologyGrid({ anthologies, label, headingLevel, testId }: { anthologies: readonly AnthologySummary[]; label: string; headingLevel?: 'h2' | 'h3'; testId: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {anthologies.map((anthology) => (
        <li key={anthology.id} className="flex">
          <div className="w-full">
            <AnthologyCard anthology={anthology} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
