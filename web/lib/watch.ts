import { useEffect, useSyncExternalStore } from 'react';
import { isWatchTarget, type WatchTarget } from '@common/events/watch-target';

/*
 * What this tab is looking at, for the live stream (GET /api/events?watch=…). Screens declare
 * it with useWatch; when several do at once (a screen inside another), the one declared last
 * wins until it goes away. The stream reopens whenever the current target changes.
 */

const declared: Array<{ target: WatchTarget }> = [];
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Declares `target` until the returned function is called. */
export function declareWatch(target: WatchTarget): () => void {
  const entry = { target };
  declared.push(entry);
  notify();
  return () => {
    const index = declared.indexOf(entry);
    if (index === -1) return;
    declared.splice(index, 1);
    notify();
  };
}

export function currentWatch(): WatchTarget | null {
  return declared.at(-1)?.target ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The target the stream should carry now (null: only the user's own events). */
export function useWatchTarget(): WatchTarget | null {
  return useSyncExternalStore(subscribe, currentWatch, () => null);
}

/**
 * A screen says what it shows while it is mounted: 'story:<id>', 'community' or
 * 'profile:<uid>'; null declares nothing. A target the stream would refuse as malformed (an
 * odd id from the address bar) is not declared either, so it cannot cost the tab its stream.
 */
export function useWatch(target: string | null): void {
  const valid = target !== null && isWatchTarget(target) ? target : null;
  useEffect(() => (valid ? declareWatch(valid) : undefined), [valid]);
}

/** The stream's address for `target`, resuming after `since` (the last event id this tab received). */
export function eventsUrl(base: string, target: WatchTarget | null, since: string | null): string {
  const params = new URLSearchParams();
  if (target) params.set('watch', target);
  if (since) params.set('since', since);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
