import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing must pause before a search box's text becomes the search. */
export const SEARCH_DELAY_MS = 300;

/** A copy of the address's parameters with one set, or removed when empty. */
export function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/**
 * A list screen's filters, kept in the address for reloads and sharing. `setParam` (a filter,
 * a sort, a toggle) adds a history entry, so Back undoes it; the search box's text (`typed`)
 * becomes `q` once typing pauses, in place of the current entry (each pause is not a step).
 * When the address changes under it (Back, Forward), the box shows the address's search.
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // Adjusted while rendering (not in an effect), so the old text is never sent back as `q`.
    setShownQ(q);
    if (q !== typed.trim()) setTyped(q);
  }

  const setParam = (name: string, value: string) => setParams((current) => withParam(current, name, value));

  useEffect(() => {
    const next = typed.trim();
    if (next === q) return undefined;
    const timer = window.setTimeout(() => setParams((current) => withParam(current, 'q', next), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, q, setParams]);

  return { params, typed, setTyped, setParam };
}
