import { useEffect, useState } from 'react';
import { Link2, Share2 } from 'lucide-react';
import { STORY_TEXTS } from '@common/stories/texts';
import { focusRing } from '../../../components/ui';

/** How long "Link copied" stays. */
const CONFIRMATION_MS = 4000;

type Outcome = { kind: 'copied' } | { kind: 'failed'; url: string } | null;

/** The browser's share sheet, where it has one (phones, some desktops). */
const canShare = () => typeof navigator.share === 'function';

/**
 * Share / Copy link for a public story: the system's share sheet where the browser has the Web
 * Share API, otherwise the story's address on the clipboard with a visible "Link copied". If
 * the clipboard refuses, the address is shown to copy by hand.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const share = canShare();

  useEffect(() => {
    if (outcome?.kind !== 'copied') return undefined;
    const timer = window.setTimeout(() => setOutcome(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const onClick = async () => {
    const url = new URL(path, window.location.origin).href;
    if (share) {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the sheet is not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Could not share the story', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ kind: 'copied' });
    } catch (error) {
      console.error('Could not copy the link', error);
      setOutcome({ kind: 'failed', url });
    }
  };

  const Icon = share ? Share2 : Link2;
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void onClick()}
        className={`inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${focusRing}`}
        data-testid="share-story"
      >
        <Icon aria-hidden className="size-5" />
        {share ? 'Share' : 'Copy link'}
      </button>
      <span role="status" className="text-sm text-muted empty:hidden">
        {outcome?.kind === 'copied' && <span className="font-medium text-fg">{STORY_TEXTS.linkCopied}</span>}
        {outcome?.kind === 'failed' && (
          <>
            Copy this link: <span className="break-all text-fg select-all">{outcome.url}</span>
          </>
        )}
      </span>
    </span>
  );
}
