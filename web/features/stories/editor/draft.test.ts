import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, draftToRestore, hasUnsavedWork, readDraft, writeDraft, type DraftFields, type StoryDraft } from './draft';
import { MemoryStorage } from './memory-storage.test-support';

const prompt = { genre: 'Horror', theme: 'Loss', twist: 'Told entirely in dialogue' };
const base: DraftFields = { title: '', content: '', prompt, public: false, contentWarnings: [], contentWarningNote: '', tags: [] };
const draft = (fields: Partial<StoryDraft> = {}): StoryDraft => ({ ...base, title: 'T', content: 'Text', savedAt: 1, baseUpdatedAt: null, ...fields });

describe('story drafts', () => {
  it('keys drafts per writer and per story', () => {
    expect(draftKey('u1', null)).toBe('drabble.storyDraft.u1.new');
    expect(draftKey('u1', 'abc')).toBe('drabble.storyDraft.u1.abc');
    expect(draftKey('u2', null)).not.toBe(draftKey('u1', null));
  });

  it('writes, reads back and clears a draft', () => {
    const storage = new MemoryStorage();
    expect(writeDraft(storage, 'k', draft())).toBe(true);
    expect(readDraft(storage, 'k')).toEqual(draft());
    clearDraft(storage, 'k');
    expect(readDraft(storage, 'k')).toBeNull();
  });

  it('drops a corrupt or foreign entry instead of failing', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', '{not json');
    expect(readDraft(storage, 'k')).toBeNull();
    expect(storage.items.has('k')).toBe(false);
    storage.setItem('k', JSON.stringify({ title: 1 }));
    expect(readDraft(storage, 'k')).toBeNull();
  });

  it('reports a full storage rather than throwing, and works without storage', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    expect(writeDraft(storage, 'k', draft())).toBe(false);
    expect(writeDraft(null, 'k', draft())).toBe(false);
    expect(readDraft(null, 'k')).toBeNull();
  });

  it('counts a new story as unsaved work once it has a title or text, not for a prompt alone', () => {
    expect(hasUnsavedWork(base, base, true)).toBe(false);
    expect(hasUnsavedWork({ ...base, prompt: null }, base, true)).toBe(false);
    expect(hasUnsavedWork({ ...base, content: 'Once' }, base, true)).toBe(true);
    expect(hasUnsavedWork({ ...base, title: ' ' }, base, true)).toBe(false);
  });

  it('counts any change to an existing story as unsaved work', () => {
    const saved: DraftFields = { title: 'T', content: 'Text', prompt, public: true, contentWarnings: [], contentWarningNote: '', tags: [] };
    expect(hasUnsavedWork(saved, saved, false)).toBe(false);
    expect(hasUnsavedWork({ ...saved, public: false }, saved, false)).toBe(true);
    expect(hasUnsavedWork({ ...saved, prompt: { ...prompt, theme: 'Hope' } }, saved, false)).toBe(true);
  });

  it('restores only drafts that hold unsaved work', () => {
    expect(draftToRestore(null, base, true)).toBeNull();
    expect(draftToRestore(draft({ title: '', content: '' }), base, true)).toBeNull();
    expect(draftToRestore(draft(), base, true)).toEqual(draft());
    const saved: DraftFields = { title: 'T', content: 'Text', prompt, public: false, contentWarnings: [], contentWarningNote: '', tags: [] };
    expect(draftToRestore(draft(), saved, false)).toBeNull();
    expect(draftToRestore(draft({ content: 'More text' }), saved, false)?.content).toBe('More text');
  });
});
