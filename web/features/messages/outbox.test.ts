import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window with localStorage, enough for the outbox in the node test environment. */
function fakeWindow() {
  const store = new Map<string, string>();
  return {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    store,
  };
}

describe('the outbox and drafts', () => {
  let win: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    vi.resetModules();
    win = fakeWindow();
    vi.stubGlobal('window', win);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a draft per key and forgets an empty one', async () => {
    const { draftKey, loadDraft, saveDraft } = await import('./outbox');
    saveDraft(draftKey.conversation('c1'), 'Half a thought\nand more');
    saveDraft(draftKey.recipient('u1'), 'Hello');
    expect(loadDraft(draftKey.conversation('c1'))).toBe('Half a thought\nand more');
    expect(loadDraft(draftKey.recipient('u1'))).toBe('Hello');
    saveDraft(draftKey.conversation('c1'), '   ');
    expect(loadDraft(draftKey.conversation('c1'))).toBe('');
    expect([...win.store.keys()]).toHaveLength(1);
  });

  it('stores a message before it is sent, marks a failure, and removes it once delivered', async () => {
    const { outbox } = await import('./outbox');
    const entry = outbox.add('c1', 'Never lost');
    expect(entry.status).toBe('sending');
    outbox.update('c1', entry.localId, { status: 'failed', error: null });
    expect(JSON.parse(win.store.get('drabble.messages.outbox.c1') ?? '[]')).toEqual([{ localId: entry.localId, text: 'Never lost', status: 'failed', error: null }]);
    outbox.remove('c1', entry.localId);
    expect(win.store.has('drabble.messages.outbox.c1')).toBe(false);
  });

  it('after a reload, a message that was still sending shows as failed with its text; junk is dropped', async () => {
    win.store.set('drabble.messages.outbox.c1', JSON.stringify([{ localId: 'l1', text: 'In flight', status: 'sending', error: null }, { nonsense: true }]));
    // useSyncExternalStore outside React: read the snapshot straight away.
    vi.doMock('react', () => ({ useSyncExternalStore: (_subscribe: unknown, snapshot: () => unknown) => snapshot() }));
    try {
      const { useOutbox } = await import('./outbox');
      expect(useOutbox('c1')).toEqual([{ localId: 'l1', text: 'In flight', status: 'failed', error: null }]);
    } finally {
      vi.doUnmock('react');
    }
  });
});
