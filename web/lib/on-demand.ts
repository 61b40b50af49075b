import { lazy, type ComponentType } from 'react';

export interface OnDemand<M> {
  /** Starts loading (once) and resolves to the module; a failed load is tried afresh next time. */
  load: () => Promise<M>;
  /** For pointerenter/focus on the control that will need the module: starts loading, ignores failures (the render that needs it reports them). */
  warm: () => void;
  /** A React.lazy component taken from the module. */
  component: <P extends object>(pick: (module: M) => ComponentType<P>) => ComponentType<P>;
}

/**
 * A module kept off the first page load: fetched the first time something needs it, or
 * earlier when `warm` sees a pointer or focus reach its control, so it opens at once.
 */
export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let pending: Promise<M> | null = null;
  const load = () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return {
    load,
    warm: () => void load().catch(() => undefined),
    component: (pick) => lazy(async () => ({ default: pick(await load()) })),
  };
}
