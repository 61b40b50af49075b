import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { formErrorMessage } from '../../../lib/errors';
import { formProblems, savableWordCount, saveStory } from './save';
import type { DraftFields } from './draft';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields: DraftFields = { title: 'A title', content: 'Every word I typed.', prompt: null, public: false, contentWarnings: [], contentWarningNote: '', tags: [] };

describe('saving a story past a rate limit', () => {
  it('fails with the "too often" message, leaving the fields as they were for another try', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'x' } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } })));
    const typed = structuredClone(fields);
    const failure = await saveStory(null, typed, fields).catch((error: unknown) => error);
    expect(formErrorMessage(failure)).toBe(ACCOUNT_TEXTS.tooOften);
    expect(typed).toEqual(fields);
  });
});

describe('the editor’s own checks', () => {
  it('names every problem at once, each for its field', () => {
    expect(formProblems({ title: ' ', content: '' })).toEqual({ title: 'Please give your story a title.', content: 'Please write your story before saving.' });
    expect(formProblems({ title: 'x'.repeat(121), content: 'Fine.' })).toEqual({ title: 'Title must be at most 120 characters.' });
    expect(formProblems({ title: 'Fine', content: 'a'.repeat(10_001) })).toEqual({ content: 'Your story must be at most 10,000 characters.' });
    expect(formProblems({ title: 'Fine', content: 'Fine.' })).toEqual({});
  });

  it('counts towards today only text that could be saved', () => {
    expect(savableWordCount('Three small words  \n')).toBe(3);
    expect(savableWordCount(`${'word '.repeat(2_000)}more`)).toBe(0);
    expect(savableWordCount('   ')).toBe(0);
    expect(savableWordCount('A bell\u0007 rings')).toBe(0);
  });
});
