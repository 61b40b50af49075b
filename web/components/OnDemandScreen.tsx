import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { isLoadFailure } from '../lib/load-failure';
import { loadFailureCause, reloadOnceForNewRelease, screenLoaded } from '../lib/new-release';

export { screenLoaded };
import type { OnDemand } from '../lib/on-demand';
import { CenteredSpinner } from './Spinner';
import { card, primaryButton } from './ui';

export const SCREEN_LOAD_FAILED = "Couldn't load this page. You may be offline.";

type Phase = 'loading' | 'failed' | 'retrying';

type Outcome<M> = { module: M } | { crash: unknown } | 'failed' | 'reloading';

/** Downloads (unless the router just did, in vain), then works out what to show. */
async function settle<M>(part: OnDemand<M>, download: boolean): Promise<Outcome<M>> {
  if (download) {
    try {
      const module = await part.load();
      screenLoaded();
      return { module };
    } catch (error) {
      // Code that downloaded but failed to run is a bug, for the error screen.
      if (!isLoadFailure(error)) return { crash: error };
    }
  }
  // The page goes away to come back with the new files; the spinner stays meanwhile.
  return (await loadFailureCause()) === 'new-release' && reloadOnceForNewRelease() ? 'reloading' : 'failed';
}

interface OnDemandScreenProps<M> {
  part: OnDemand<M>;
  render: (module: M) => ReactNode;
  /** The download has just failed (the router tried it): find out why without downloading again first. */
  failedAlready?: () => boolean;
}

/**
 * A screen whose code loads when it is first shown, inside the page (the bar stays). If the
 * code cannot be downloaded: after a new release, the page reloads once for the new files;
 * otherwise it says so, with Retry, which downloads again and shows the screen once it can.
 */
export function OnDemandScreen<M>({ part, render, failedAlready }: OnDemandScreenProps<M>) {
  const [module, setModule] = useState(part.loaded);
  const [phase, setPhase] = useState<Phase>('loading');
  const [crash, setCrash] = useState<{ error: unknown } | null>(null);

  const apply = useCallback((outcome: Outcome<M>) => {
    if (outcome === 'failed') setPhase('failed');
    else if (typeof outcome === 'object' && 'module' in outcome) setModule(() => outcome.module);
    else if (typeof outcome === 'object') setCrash({ error: outcome.crash });
  }, []);

  useEffect(() => {
    if (part.loaded()) return undefined;
    let mounted = true;
    void settle(part, !failedAlready?.()).then((outcome) => mounted && apply(outcome));
    return () => {
      mounted = false;
    };
  }, [part, failedAlready, apply]);

  if (crash) throw crash.error;
  if (module !== undefined) return render(module);
  if (phase === 'loading') return <CenteredSpinner />;
  return (
    <section role="alert" aria-labelledby="screen-heading" className={`${card} mx-auto mt-8 max-w-md text-center`} data-testid="screen-load-failed">
      <h1 id="screen-heading" className="text-xl font-bold text-fg">
        {SCREEN_LOAD_FAILED}
      </h1>
      <button
        type="button"
        className={`${primaryButton} mt-5`}
        disabled={phase === 'retrying'}
        onClick={() => {
          setPhase('retrying');
          void settle(part, true).then(apply);
        }}
      >
        {phase === 'retrying' ? 'Retrying…' : 'Retry'}
      </button>
    </section>
  );
}
