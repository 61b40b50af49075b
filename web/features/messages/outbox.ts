import { useSyncExternalStore } from 'react';

/*
 * What a writer typed that the server does not have yet, kept in localStorage so nothing is
 * lost to a failed request or a reload:
 *  - drafts: the composer's text per conversation (or per recipient before the first message),
 *    restored when the writer comes back and cleared once the message is sent;
 *  - the outbox: messages sent from a thread that have not been accepted yet. A sending one
 *    shows as "Sending…", a failed one as "Not sent — Retry" until a retry succeeds. An entry
 *    still 'sending' when the page reloads is shown as failed: the tab cannot know whether it
 *    arrived, and a second copy is better than a lost message.
 */

const DRAFT_PREFIX = 'drabble.messages.draft.';
const OUTBOX_PREFIX = 'drabble.messages.outbox.';

export interface OutboxEntry {
  localId: string;
  text: string;
  status: 'sending' | 'failed';
  /** Why the server refused it (4xx), shown beside the composer; null for network failures. */
  error: string | null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null || value === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the text still lives in the page until it is sent.
  }
}

/** The draft key of a conversation, or of a recipient before the first message. */
export const draftKey = {
  conversation: (id: string) => `c:${id}`,
  recipient: (uid: string) => `to:${uid}`,
};

export function loadDraft(key: string): string {
  return read(DRAFT_PREFIX + key) ?? '';
}

export function saveDraft(key: string, text: string): void {
  write(DRAFT_PREFIX + key, text.trim() === '' ? null : text);
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, readonly OutboxEntry[]>();
/** Conversations whose outbox this page has read once: later reads come from other tabs' changes. */
const readBefore = new Set<string>();
const EMPTY: readonly OutboxEntry[] = [];

function isEntry(value: unknown): value is Pick<OutboxEntry, 'localId' | 'text'> & Partial<OutboxEntry> {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.localId === 'string' && typeof entry.text === 'string';
}

function loadOutbox(conversationId: string): readonly OutboxEntry[] {
  const cached = snapshots.get(conversationId);
  if (cached) return cached;
  let entries: readonly OutboxEntry[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(read(OUTBOX_PREFIX + conversationId) ?? '[]');
    // Nothing of this page is in flight when it first reads the outbox (a reload): what was
    // sending is now failed. Later reads follow another tab, whose sends may still be going.
    const afterReload = !readBefore.has(conversationId);
    readBefore.add(conversationId);
    if (Array.isArray(parsed)) {
      entries = parsed.filter(isEntry).map((entry) => ({
        localId: entry.localId,
        text: entry.text,
        status: !afterReload && entry.status === 'sending' ? 'sending' : 'failed',
        error: typeof entry.error === 'string' ? entry.error : null,
      }));
    }
  } catch {
    entries = EMPTY;
  }
  snapshots.set(conversationId, entries);
  return entries;
}

function storeOutbox(conversationId: string, entries: readonly OutboxEntry[]): void {
  snapshots.set(conversationId, entries.length ? entries : EMPTY);
  write(OUTBOX_PREFIX + conversationId, entries.length ? JSON.stringify(entries) : null);
  listeners.forEach((listener) => listener());
}

export const outbox = {
  add(conversationId: string, text: string): OutboxEntry {
    const entry: OutboxEntry = { localId: crypto.randomUUID(), text, status: 'sending', error: null };
    storeOutbox(conversationId, [...loadOutbox(conversationId), entry]);
    return entry;
  },
  update(conversationId: string, localId: string, change: Pick<OutboxEntry, 'status' | 'error'>): void {
    storeOutbox(
      conversationId,
      loadOutbox(conversationId).map((entry) => (entry.localId === localId ? { ...entry, ...change } : entry)),
    );
  },
  remove(conversationId: string, localId: string): void {
    storeOutbox(
      conversationId,
      loadOutbox(conversationId).filter((entry) => entry.localId !== localId),
    );
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's outbox changes reach this one through the storage event.
  const onStorage = (event: StorageEvent) => {
    if (!event.key?.startsWith(OUTBOX_PREFIX)) return;
    snapshots.delete(event.key.slice(OUTBOX_PREFIX.length));
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The conversation's unsent messages, oldest first. */
export function useOutbox(conversationId: string): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => loadOutbox(conversationId));
}
