import { useId, useRef, useState } from 'react';
import { Rss } from 'lucide-react';
import { ATOM_CONTENT_TYPE, FEED_TEXTS, type FeedLink as Feed } from '@common/feeds/feeds';
import { iconTextLink, inputField, secondaryButton } from './ui';

/**
 * The page's Atom feed. "Atom feed" opens a short panel that says what it is for and gives its
 * address to copy into a reader's app: opening the feed itself would show a person raw XML.
 * While the page shows, the page's head names the feed too (React keeps the <link> in <head>
 * and removes it with the page), so after moving within the app it is this page's feed; the
 * one the server wrote into the first page's HTML, for apps that run no script, goes at start
 * (main.tsx).
 */
export function FeedLink({ feed }: { feed: Feed }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const addressId = useId();
  const url = new URL(feed.path, window.location.origin).href;

  const close = () => {
    setOpen(false);
    setCopied(null);
    button.current?.focus();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      console.error('Could not copy the feed address', error);
      setCopied(false);
    }
  };

  return (
    <div className="contents" onKeyDown={(event) => open && event.key === 'Escape' && close()}>
      <link rel="alternate" type={ATOM_CONTENT_TYPE} title={feed.title} href={url} />
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        className={iconTextLink}
        data-testid="feed-link"
      >
        <Rss aria-hidden className="size-4" />
        {FEED_TEXTS.button}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={FEED_TEXTS.button}
        hidden={!open}
        // A row of its own below the links it stands among (they sit in wrapping flex rows).
        className="order-last basis-full"
        data-testid="feed-panel"
      >
        <div className="max-w-md rounded-lg border border-line bg-subtle p-3 text-left">
          <p className="text-sm text-muted">{FEED_TEXTS.explanation}</p>
          <label htmlFor={addressId} className="mt-2 block text-sm font-medium text-fg">
            {FEED_TEXTS.addressLabel}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input id={addressId} readOnly value={url} onFocus={(event) => event.target.select()} className={`${inputField} min-w-0 font-mono text-xs`} />
            <button type="button" onClick={() => void copy()} className={`${secondaryButton} shrink-0`}>
              {FEED_TEXTS.copy}
            </button>
          </div>
          <p role="status" className="mt-2 text-sm font-medium text-fg empty:hidden">
            {copied === true ? FEED_TEXTS.copied : copied === false ? FEED_TEXTS.copyFailed : ''}
          </p>
        </div>
      </div>
    </div>
  );
}
