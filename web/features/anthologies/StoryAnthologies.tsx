import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookCopy } from 'lucide-react';
import { Link } from 'react-router';
import { ANTHOLOGY_TEXTS, anthologyPath } from '@common/anthologies/anthologies';
import { secondaryButton, textLink } from '../../components/ui';
import { onDemand } from '../../lib/on-demand';
import { storyAnthologiesQuery } from './api';

// The dialog (and the directory search in it) loads when the writer first reaches for it.
const submitDialog = onDemand(() => import('./SubmitDialog'));
const SubmitDialog = submitDialog.component((m) => m.SubmitDialog);

/** "In anthologies: …" on a story's page; where it waits for the editors, for its writer only. */
export function StoryAnthologiesLine({ storyId, isWriter, className = '' }: { storyId: string; isWriter: boolean; className?: string }) {
  const anthologies = (useQuery(storyAnthologiesQuery(storyId)).data ?? []).filter((a) => a.status === 'accepted' || isWriter);
  if (anthologies.length === 0) return null;
  return (
    <p className={`flex items-start gap-1.5 text-sm text-muted ${className}`} data-testid="story-anthologies">
      <BookCopy aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-ink" />
      <span>
        {`${ANTHOLOGY_TEXTS.inAnthologies}: `}
        {anthologies.map((a, i) => (
          <span key={a.id} data-testid="story-anthology" data-status={a.status}>
            {i > 0 && ', '}
            <Link to={anthologyPath(a.id)} className={textLink}>
              {a.title}
            </Link>
            {a.status === 'pending' && ` (${ANTHOLOGY_TEXTS.waiting})`}
          </span>
        ))}
      </span>
    </p>
  );
}

/** The writer's "Submit to an anthology" on their public story's page. */
export function SubmitToAnthology({ storyId }: { storyId: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={submitDialog.warm}
        onFocus={submitDialog.warm}
        aria-haspopup="dialog"
        data-testid="submit-to-anthology"
      >
        <BookCopy aria-hidden className="size-4" />
        {ANTHOLOGY_TEXTS.submit}
      </button>
      {used && <SubmitDialog storyId={storyId} open={open} onOpenChange={setOpen} />}
    </>
  );
}
