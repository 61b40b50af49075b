import type { QueryClient } from '@tanstack/react-query';
import type { Progress } from '@common/streaks/streak';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { progressKeys } from '../../../lib/query-keys';
import type { ShowToast } from '../../../components/toasts/toast-context';
import { storyChanged } from '../api/mutations';
import { browserStorage, draftKey, writeDraft } from './draft';
import { markConflict, readQueue, removeQueued } from './offline-queue';
import { saveStory } from './save';

let flushing = false;

/**
 * Sends the saves made offline (offline-queue.ts), oldest first, once the connection is back.
 * A story changed elsewhere meanwhile is left for the writer to choose (the editor shows both
 * texts); one the server refuses for another reason (deleted, now too long) goes back into the
 * editor's draft, so nothing written is lost. Stops at the first that cannot reach the server.
 */
export async function sendQueuedSaves(uid: string, queryClient: QueryClient, toast: ShowToast): Promise<void> {
  if (flushing) return;
  flushing = true;
  const storage = browserStorage();
  try {
    for (const entry of readQueue(storage, uid).sort((a, b) => a.queuedAt - b.queuedAt)) {
      if (entry.conflict) continue;
      try {
        const { story, progress } = await saveStory(entry.storyId, entry.fields, entry.base, undefined, entry.baseUpdatedAt ?? undefined);
        removeQueued(storage, uid, entry.key);
        queryClient.setQueryData<Progress>(progressKeys.mine, progress);
        void storyChanged(queryClient, story, story.id);
        toast(`Saved “${story.title}”, written while you were offline.`, 'success');
      } catch (error) {
        if (!isApiError(error) || error.status === 0 || error.status >= 500) return;
        if (error.status === 409 && entry.storyId) {
          markConflict(storage, uid, entry.key);
          toast(`“${entry.fields.title}” was changed somewhere else while you were offline. Open it to compare and choose.`, 'error');
          continue;
        }
        writeDraft(storage, draftKey(uid, entry.storyId), { ...entry.fields, savedAt: entry.queuedAt, baseUpdatedAt: entry.baseUpdatedAt });
        removeQueued(storage, uid, entry.key);
        toast(`“${entry.fields.title}” was not saved: ${errorMessage(error)} It is kept as a draft.`, 'error');
      }
    }
  } finally {
    flushing = false;
  }
}
