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
 * A list screen's filters, kept in the address for reloads and sharing: `setParam` replaces one
 * at once; the search box's text (`typed`) becomes `q` once typing pauses.
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);

  const setParam = (name: string, value: string) => setParams((current) => withParam(current, name, value), { replace: true });

  useEffect(() => {
    const next = typed.trim();
    if (next === q) return undefined;
    const timer = window.setTimeout(() => setParams((current) => withParam(current, 'q', next), { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, q, setParams]);

  return { params, typed, setTyped, setParam };
}
