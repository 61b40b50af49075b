/** Where a writer's saves made offline wait (features/stories/editor/offline-queue.ts); here, so the signed-in shell can look without loading the queue's code. */
export function saveQueueKey(uid: string): string {
  return `drabble.saveQueue.${uid}`;
}

/** The queue as stored (JSON), or null: what useSyncExternalStore compares, a string, so an unchanged queue is the same snapshot. */
export function storedSaveQueue(uid: string): string | null {
  try {
    return window.localStorage.getItem(saveQueueKey(uid));
  } catch {
    return null;
  }
}

/** Whether the writer has saves waiting to be sent (or waiting for them to choose, after a conflict). */
export function hasQueuedSaves(uid: string): boolean {
  const raw = storedSaveQueue(uid);
  return raw !== null && raw !== '[]';
}

const listeners = new Set<() => void>();

/** Called by the queue after each write: this tab's screens showing it read it again (the storage event only tells other tabs). */
export function saveQueueChanged(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a change to the queue, in this tab or another. */
export function subscribeToSaveQueue(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A waiting save as a list shows it. */
export interface WaitingSave {
  key: string;
  /** Null for a story written offline that the server has not seen yet. */
  storyId: string | null;
  title: string;
  content: string;
  queuedAt: number;
  /** The story was changed elsewhere meanwhile: it waits for the writer to choose. */
  conflict: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The waiting saves in a stored queue, latest first, for My Stories. Read without the queue's
 * schema (offline-queue.ts checks each entry whole before sending it): an entry missing what a
 * list shows is left out rather than shown wrong.
 */
export function waitingSaves(raw: string | null): WaitingSave[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .flatMap((entry: unknown): WaitingSave[] => {
      if (!isRecord(entry) || !isRecord(entry.fields)) return [];
      const { key, storyId, queuedAt, conflict } = entry;
      const { title, content } = entry.fields;
      if (typeof key !== 'string' || (typeof storyId !== 'string' && storyId !== null) || typeof queuedAt !== 'number') return [];
      if (typeof title !== 'string' || typeof content !== 'string') return [];
      return [{ key, storyId, title, content, queuedAt, conflict: conflict === true }];
    })
    .sort((a, b) => b.queuedAt - a.queuedAt);
}
