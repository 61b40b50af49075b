import { z } from 'zod';
import { draftSchema, type DraftFields } from './draft';
import { saveQueueChanged, saveQueueKey } from '../../../lib/save-queue';

/*
 * Saves made without a connection, kept in the browser's local storage beside the
 * drafts (draft.ts) until the connection returns: each holds what was written, the story as the
 * editor found it, and that story's updatedAt, which the server checks (storyUpdateSchema
 * baseUpdatedAt) so a newer text is never replaced unseen. One entry per story; a story saved
 * offline twice keeps the later.
 */

const fieldsSchema = draftSchema.pick({ title: true, content: true, prompt: true, public: true, contentWarnings: true, contentWarningNote: true, tags: true });

export const queuedSaveSchema = z.object({
  /** Null for a story written offline that the server has not seen yet. */
  storyId: z.string().nullable(),
  /** The story's id, or `new-<ms>` for a new one. */
  key: z.string(),
  fields: fieldsSchema,
  base: fieldsSchema,
  /** The story's updatedAt the edit began from; null for a new story. */
  baseUpdatedAt: z.string().nullable(),
  queuedAt: z.number(),
  /** The server has a newer text: waits for the writer to choose (the editor shows both). */
  conflict: z.boolean(),
});
export type QueuedSave = z.infer<typeof queuedSaveSchema>;

type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readQueue(storage: QueueStorage | null, uid: string): QueuedSave[] {
  if (!storage) return [];
  try {
    const parsed = z.array(queuedSaveSchema).safeParse(JSON.parse(storage.getItem(saveQueueKey(uid)) ?? '[]'));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable: fall through.
  }
  return [];
}

/** False when the storage refused (full, or disabled). */
function writeQueue(storage: QueueStorage | null, uid: string, entries: QueuedSave[]): boolean {
  if (!storage) return false;
  try {
    if (entries.length === 0) storage.removeItem(saveQueueKey(uid));
    else storage.setItem(saveQueueKey(uid), JSON.stringify(entries));
    // My Stories lists what waits (lib/save-queue.ts waitingSaves).
    saveQueueChanged();
    return true;
  } catch {
    return false;
  }
}

/** Queues a save, replacing the story's earlier one. False when the browser would not keep it. */
export function enqueueSave(storage: QueueStorage | null, uid: string, entry: QueuedSave): boolean {
  return writeQueue(storage, uid, [...readQueue(storage, uid).filter((e) => e.key !== entry.key), entry]);
}

export function removeQueued(storage: QueueStorage | null, uid: string, key: string): void {
  writeQueue(storage, uid, readQueue(storage, uid).filter((e) => e.key !== key));
}

export function markConflict(storage: QueueStorage | null, uid: string, key: string): void {
  writeQueue(storage, uid, readQueue(storage, uid).map((e) => (e.key === key ? { ...e, conflict: true } : e)));
}

/** The story's waiting save, if any. */
export function queuedFor(storage: QueueStorage | null, uid: string, storyId: string): QueuedSave | null {
  return readQueue(storage, uid).find((e) => e.storyId === storyId) ?? null;
}

/** A save to queue from the editor. */
export function queuedSave(storyId: string | null, fields: DraftFields, base: DraftFields, baseUpdatedAt: string | null, now = Date.now()): QueuedSave {
  return { storyId, key: storyId ?? `new-${now}`, fields, base, baseUpdatedAt, queuedAt: now, conflict: false };
}
