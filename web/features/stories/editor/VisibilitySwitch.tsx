import { useId } from 'react';
import { Globe, Lock } from 'lucide-react';
import { STORY_TEXTS } from '@common/stories/texts';
import { focusRing } from '../../../components/ui';

/** Private (the default) or public, as a switch with a sentence saying what it means. */
export function VisibilitySwitch({ isPublic, onChange }: { isPublic: boolean; onChange: (isPublic: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={isPublic}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => onChange(!isPublic)}
        data-testid="visibility-switch"
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition ${focusRing} ${
          isPublic ? 'bg-accent-700' : 'bg-slate-500'
        }`}
      >
        <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition ${isPublic ? 'translate-x-5' : 'translate-x-0'}`} />
      </button>
      <div>
        <span id={labelId} className="flex items-center gap-1.5 text-sm font-semibold text-fg">
          {isPublic ? <Globe aria-hidden className="size-4" /> : <Lock aria-hidden className="size-4" />}
          {isPublic ? 'Public' : 'Private'}
        </span>
        <span id={hintId} className="block text-xs text-muted">
          {isPublic ? STORY_TEXTS.publicMeaning : STORY_TEXTS.privateMeaning}
        </span>
      </div>
    </div>
  );
}
