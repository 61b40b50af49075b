import { ArrowUp } from 'lucide-react';
import { SOCIAL_TEXTS } from '@common/follows/follows';
import { focusRing } from '../../components/ui';

/**
 * "N new stories", floating under the top bar. It takes no room in the page (a zero-height
 * sticky strip), so appearing never pushes the stories the reader is looking at.
 */
export function NewStoriesPill({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="pointer-events-none sticky top-20 z-30 flex h-0 items-start justify-center overflow-visible" aria-live="polite">
      {count > 0 && (
        <button
          type="button"
          onClick={onShow}
          data-testid="new-stories-pill"
          className={`pointer-events-auto -mt-1 inline-flex items-center gap-2 rounded-full bg-accent-700 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-accent-800 ${focusRing}`}
        >
          <ArrowUp aria-hidden className="size-4" />
          {SOCIAL_TEXTS.newStories(count)}
        </button>
      )}
    </div>
  );
}
