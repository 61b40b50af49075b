import { useQuery } from '@tanstack/react-query';
import { PartyPopper, ToggleLeft, ToggleRight } from 'lucide-react';
import { GREETING_TEXTS } from '@common/greetings/rules';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, secondaryButton } from '../../components/ui';
import { adminGreetingsQuery, useSetAllEnabled } from './api';
import { AddGreetingForm } from './AddGreetingForm';
import { GreetingRow } from './GreetingRow';
import { ImportExport } from './ImportExport';

const LOAD_FAILED = 'Failed to load greetings';
const headCell = 'px-2 py-2 font-semibold sm:px-3';

/** /admin/greetings: the greetings writers see on their home screen, one a day among the enabled ones. */
export function GreetingsScreen() {
  const greetings = useQuery(adminGreetingsQuery);
  const setAll = useSetAllEnabled();
  const list = greetings.data;
  const enabledCount = list?.filter((g) => g.enabled).length ?? 0;

  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-6">
      <title>Greetings · Drabble</title>
      <div>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          {GREETING_TEXTS.title}
        </h1>
        <p className="mt-1 text-muted">
          Writers are greeted on their home screen with one of the enabled greetings, a different one each day.
          {list && (
            <span data-testid="greetings-count">
              {' '}
              {list.length} {list.length === 1 ? 'greeting' : 'greetings'}, {enabledCount} enabled.
            </span>
          )}
        </p>
      </div>

      <div className={`${card} flex flex-col gap-5`}>
        <AddGreetingForm />
        <div className="flex flex-wrap gap-2 border-t border-line pt-5" role="group" aria-label="All greetings">
          <button type="button" className={secondaryButton} onClick={() => setAll.mutate(true)} disabled={setAll.isPending || !list?.length}>
            <ToggleRight aria-hidden className="size-4" />
            Enable All
          </button>
          <button type="button" className={secondaryButton} onClick={() => setAll.mutate(false)} disabled={setAll.isPending || !list?.length}>
            <ToggleLeft aria-hidden className="size-4" />
            Disable All
          </button>
          <ImportExport />
        </div>
      </div>

      {greetings.isPending ? (
        <CenteredSpinner />
      ) : !list ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void greetings.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<PartyPopper aria-hidden className="size-6" />} title="No greetings yet.">
          Add one above or import a CSV file. Until then writers are welcomed with “Welcome back, name!”.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-surface shadow-sm">
          <table className="w-full text-left text-sm" data-testid="greetings-table">
            <caption className="sr-only">Greetings, sorted by text</caption>
            <thead className="bg-subtle text-[11px] text-muted uppercase sm:text-xs sm:tracking-wide">
              <tr>
                <th scope="col" className={headCell} aria-sort="ascending">
                  Greeting
                </th>
                <th scope="col" className={`${headCell} text-center`}>
                  {/* Phones have no room for the word: the short form shows, the full one is read out. */}
                  <span aria-hidden className="sm:hidden">
                    Punct.
                  </span>
                  <span className="max-sm:sr-only">Punctuation</span>
                </th>
                <th scope="col" className={`${headCell} text-center`}>
                  Enabled
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((greeting) => (
                <GreetingRow key={greeting.id} greeting={greeting} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
