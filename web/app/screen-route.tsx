import { createElement, type ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { isLoadFailure } from '../lib/load-failure';
import { onDemand } from '../lib/on-demand';

/** What a screen's module gives its route. */
export interface ScreenRoute {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * What a failed download shows (components/OnDemandScreen.tsx), kept off the first load: fetched
 * as soon as a first screen has loaded, so it is at hand when the connection goes.
 */
const failureUi = onDemand(() => import('../components/OnDemandScreen'));

/**
 * A route's `lazy`: the screen's code, downloaded when first needed and tried again when the
 * download fails. When it still fails the route shows OnDemandScreen in the page instead of
 * failing the navigation (which would put the error screen in place of the whole app): it says
 * the page could not be loaded, with Retry, or reloads once for a new release's files.
 */
export function screen<M>(importer: () => Promise<M>, pick: (module: M) => ScreenRoute): () => Promise<ScreenRoute> {
  const part = onDemand(importer);
  let failedJustNow = false;
  const takeFailure = () => {
    const failed = failedJustNow;
    failedJustNow = false;
    return failed;
  };
  // The router keeps what `lazy` returned for good: this stays the route's component, showing
  // the screen itself once its code has come.
  function ScreenOnceLoaded() {
    const ui = failureUi.loaded();
    if (!ui) throw new Error('The screen and what says it failed to load are both missing');
    return createElement(ui.OnDemandScreen<M>, { part, render: (module: M) => createElement(pick(module).Component), failedAlready: takeFailure });
  }
  return async () => {
    try {
      const route = pick(await part.load());
      // A screen loaded: a later release may reload the page again (new-release.ts).
      void failureUi.load().then((ui) => ui.screenLoaded(), () => undefined);
      return route;
    } catch (error) {
      // Without the failure screen's own code (offline from the start), the error screen it is.
      if (!isLoadFailure(error) || !(await failureUi.load().catch(() => null))) throw error;
      failedJustNow = true;
      return { Component: ScreenOnceLoaded };
    }
  };
}
