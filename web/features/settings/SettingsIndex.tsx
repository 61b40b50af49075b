import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { focusRing } from '../../components/ui';
import { SETTINGS_SECTIONS } from './sections';

/**
 * "Jump to" links to every section: a row of links under the heading on a phone, a column
 * that stays in view beside the sections on a wide screen. Plain fragment links, so each
 * jump is a history entry (Back returns) and the browser moves keyboard focus with it.
 */
export function SettingsIndex() {
  return (
    <nav aria-label="Settings sections" className="min-w-0 lg:sticky lg:top-20 lg:self-start" data-testid="settings-index">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
        {Object.values(SETTINGS_SECTIONS).map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className={`inline-flex rounded-full border border-line bg-surface px-3 py-1 text-sm text-muted hover:bg-subtle hover:text-fg lg:flex lg:rounded-md lg:border-transparent lg:bg-transparent lg:px-2 lg:py-1.5 ${focusRing}`}
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Arriving at /settings#<section> (an email's link, the bell's): the sections above it are
 * still loading and push it down, and the router does not scroll to a fragment itself. So
 * the section is kept at the top as the page grows, until the reader scrolls or acts.
 */
export function useScrollToSection(page: RefObject<HTMLElement | null>): void {
  const { hash } = useLocation();
  useEffect(() => {
    const box = page.current;
    const id = decodeURIComponent(hash.slice(1));
    if (!box || !id) return undefined;
    const place = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(place);
    observer.observe(box);
    const stop = () => observer.disconnect();
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of events) window.addEventListener(type, stop, { once: true, passive: true });
    return () => {
      stop();
      for (const type of events) window.removeEventListener(type, stop);
    };
  }, [hash, page]);
}
