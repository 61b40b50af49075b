import { describe, expect, it, vi } from 'vitest';
import type { DraftFields } from './draft';
import { enqueueSave, markConflict, queuedFor, queuedSave, readQueue, removeQueued } from './offline-queue';
import { saveQueueKey, subscribeToSaveQueue, waitingSaves } from '../../../lib/save-queue';
import { MemoryStorage } from './memory-storage.test-support';

const base: DraftFields = { title: 'Tide', content: 'The first text.', prompt: null, public: false, contentWarnings: [], contentWarningNote: '', tags: [] };
const edited: DraftFields = { ...base, content: 'Written on the train.' };

describe('the queue of saves made offline', () => {
  it('keeps one save per story, the later replacing the earlier, apart per writer', () => {
    const storage = new MemoryStorage();
    expect(enqueueSave(storage, 'u1', queuedSave('s1', edited, base, '2026-01-01T00:00:00.000Z', 1))).toBe(true);
    expect(enqueueSave(storage, 'u1', queuedSave('s1', { ...edited, content: 'Later.' }, base, '2026-01-01T00:00:00.000Z', 2))).toBe(true);
    enqueueSave(storage, 'u1', queuedSave(null, edited, base, null, 3));
    const queue = readQueue(storage, 'u1');
    expect(queue.map((e) => [e.key, e.fields.content])).toEqual([
      ['s1', 'Later.'],
      ['new-3', 'Written on the train.'],
    ]);
    expect(readQueue(storage, 'u2')).toEqual([]);
    expect(queuedFor(storage, 'u1', 's1')?.baseUpdatedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('marks a conflict, and forgets a save once sent (the key too, when the last goes)', () => {
    const storage = new MemoryStorage();
    enqueueSave(storage, 'u1', queuedSave('s1', edited, base, '2026-01-01T00:00:00.000Z', 1));
    markConflict(storage, 'u1', 's1');
    expect(queuedFor(storage, 'u1', 's1')?.conflict).toBe(true);
    removeQueued(storage, 'u1', 's1');
    expect(storage.items.has(saveQueueKey('u1'))).toBe(false);
  });

  it('says so when the browser will not keep it, and reads nothing from what it cannot parse', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    expect(enqueueSave(storage, 'u1', queuedSave('s1', edited, base, null))).toBe(false);
    expect(enqueueSave(null, 'u1', queuedSave('s1', edited, base, null))).toBe(false);
    storage.full = false;
    storage.setItem(saveQueueKey('u1'), '{not json');
    expect(readQueue(storage, 'u1')).toEqual([]);
    storage.setItem(saveQueueKey('u1'), JSON.stringify([{ key: 's1' }]));
    expect(readQueue(storage, 'u1')).toEqual([]);
  });

  it('is what My Stories lists, latest first, and each write tells the screens showing it', () => {
    vi.stubGlobal('window', new EventTarget());
    const heard = vi.fn();
    const stop = subscribeToSaveQueue(heard);
    const storage = new MemoryStorage();
    enqueueSave(storage, 'u1', queuedSave('s1', edited, base, '2026-01-01T00:00:00.000Z', 1));
    enqueueSave(storage, 'u1', queuedSave(null, { ...edited, title: 'New' }, base, null, 2));
    markConflict(storage, 'u1', 's1');
    expect(heard).toHaveBeenCalledTimes(3);
    expect(waitingSaves(storage.getItem(saveQueueKey('u1')))).toEqual([
      { key: 'new-2', storyId: null, title: 'New', content: 'Written on the train.', queuedAt: 2, conflict: false },
      { key: 's1', storyId: 's1', title: 'Tide', content: 'Written on the train.', queuedAt: 1, conflict: true },
    ]);
    stop();
    removeQueued(storage, 'u1', 's1');
    expect(heard).toHaveBeenCalledTimes(3);
    expect(waitingSaves('{not json')).toEqual([]);
    expect(waitingSaves(JSON.stringify([{ key: 'k' }]))).toEqual([]);
  });
});
