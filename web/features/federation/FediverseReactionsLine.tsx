import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { fediverseReactionsLine } from '@common/federation/federation';
import { storyFediverseReactionsQuery } from './api';

/** Under a public story's reactions: its likes and boosts from other servers, when it has any. */
export function FediverseReactionsLine({ storyId, isPublic }: { storyId: string; isPublic: boolean }) {
  const counts = useQuery({ ...storyFediverseReactionsQuery(storyId), enabled: isPublic });
  const line = counts.data ? fediverseReactionsLine(counts.data) : null;
  if (!line) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-muted" data-testid="fediverse-reactions">
      <Globe aria-hidden className="size-4" />
      {line}
    </p>
  );
}
