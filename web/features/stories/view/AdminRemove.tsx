import { Suspense } from 'react';
import { onDemand } from '../../../lib/on-demand';
import type { RemoveContentProps } from '../../moderation';

// Only admins see it (`permissions.remove`): its code loads for them alone, when a page offers it.
const RemoveContentButton = onDemand(() => import('../../moderation')).component((m) => m.RemoveContentButton);

/** An admin's "Remove" on someone else's story or comment, with a reason (the moderation feature's). */
export function AdminRemove(props: RemoveContentProps) {
  return (
    <Suspense fallback={null}>
      <RemoveContentButton {...props} />
    </Suspense>
  );
}
