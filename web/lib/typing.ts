import { useSyncExternalStore } from 'react';
import { TYPING_SHOWN_MS } from '@common/messages/rules';

/*
 * Who is typing where, from `conversation.typing` events: each signal shows "typing…" for
 * TYPING_SHOWN_MS; a message from them ends it at once. Kept outside the query cache
 * because it is not server state a refetch could restore.
 */

type Listener = () => void;
const typing = new Map<string, Map<string, number>>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();
const EMPTY: readonly string[] = [];
let snapshots = new Map<string, readonly string[]>();

function changed(conversationId: string): void {
  const people = typing.get(conversationId);
  snapshots = new Map(snapshots);
  snapshots.set(conversationId, people && people.size > 0 ? [...people.keys()] : EMPTY);
  listeners.forEach((listener) => listener());
}

export function typingStarted(conversationId: string, uid: string, now = Date.now()): void {
  let people = typing.get(conversationId);
  if (!people) typing.set(conversationId, (people = new Map()));
  people.set(uid, now + TYPING_SHOWN_MS);
  const key = `${conversationId}\u0000${uid}`;
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => typingStopped(conversationId, uid), TYPING_SHOWN_MS),
  );
  changed(conversationId);
}

export function typingStopped(conversationId: string, uid: string): void {
  const key = `${conversationId}\u0000${uid}`;
  clearTimeout(timers.get(key));
  timers.delete(key);
  if (typing.get(conversationId)?.delete(uid)) changed(conversationId);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The uids typing in the conversation right now. */
export function useTyping(conversationId: string | null): readonly string[] {
  return useSyncExternalStore(subscribe, () => (conversationId ? (snapshots.get(conversationId) ?? EMPTY) : EMPTY));
}
