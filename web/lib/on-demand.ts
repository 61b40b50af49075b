import { createElement, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { DOWNLOAD_RETRY_DELAYS_MS } from '@common/shared/first-load-numbers';

export interface OnDemand<M> {
  /** Starts loading (once) and resolves to the module; a failed load is tried afresh next time. */
  load: () => Promise<M>;
  /** The module, once loaded. */
  loaded: () => M | undefined;
  /** For pointerenter/focus on the control that will need the module: starts loading, ignores failures (the render that needs it reports them). */
  warm: () => void;
  /**
   * A lazily loaded component taken from the module. When its code cannot be had (offline)
   * it renders nothing rather than failing the page, and tries again the next time it mounts.
   */
  component: <P extends object>(pick: (module: M) => ComponentType<P>) => ComponentType<P>;
}


/**
 * Downloads a module, trying again twice when the download fails (a busy network drops a file
 * now and then). Offline, it fails at once: waiting would only keep the person waiting.
 */
export async function importWithRetry<M>(importer: () => Promise<M>): Promise<M> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await importer();
    } catch (error) {
      const delay = DOWNLOAD_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !navigator.onLine) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * A module kept off the first page load: fetched the first time something needs it, or
 * earlier when `warm` sees a pointer or focus reach its control, so it opens at once.
 */
export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let pending: Promise<M> | null = null;
  let module: M | undefined;
  const load = () => {
    pending ??= importWithRetry(importer).then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const component = <P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> => {
    // React.lazy keeps its first answer: after a failure a fresh one is made for the next mount.
    const fresh = (): LazyExoticComponent<ComponentType<P>> =>
      lazy<ComponentType<P>>(() =>
        load().then(
          (loaded) => ({ default: pick(loaded) }),
          (error: unknown) => {
            console.error('Could not load a part of the page', error);
            return { default: Unavailable };
          },
        ),
      );
    let Lazy = fresh();
    function Unavailable() {
      useEffect(() => () => void (Lazy = fresh()), []);
      return null;
    }
    return function OnDemandPart(props: P) {
      return createElement(Lazy, props);
    };
  };
  return { load, loaded: () => module, warm: () => void load().catch(() => undefined), component };
}
