import { Globe, Lock } from 'lucide-react';
import type { ReadingList } from '@common/reading-lists/reading-lists';

/** Public or private, as a small label beside a list's name. */
export function ListVisibility({ list }: { list: Pick<ReadingList, 'public'> }) {
  const Icon = list.public ? Globe : Lock;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-subtle px-2 py-0.5 text-xs font-medium text-muted">
      <Icon aria-hidden className="size-3" />
      {list.public ? 'Public' : 'Private'}
    </span>
  );
}
