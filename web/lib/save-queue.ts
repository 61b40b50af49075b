/** Where a writer's saves made offline wait (features/story/editor/offline-queue.ts); here, so the signed-in shell can look without loading the queue's code. */
export function saveQueueKey(uid: string): string {
  return `drabble.saveQueue.${uid}`;
}

/** Whether the writer has saves waiting to be sent (or waiting for them to choose, after a conflict). */
export function hasQueuedSaves(uid: string): boolean {
  try {
    const raw = window.localStorage.getItem(saveQueueKey(uid));
    return raw !== null && raw !== '[]';
  } catch {
    return false;
  }
}
