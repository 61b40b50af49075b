import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account';
import { formErrorMessage } from '../../../lib/errors';
import { saveStory } from './save';
import type { DraftFields } from './draft';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields: DraftFields = { title: 'A title', content: 'Every word I typed.', prompt: null, public: false };

describe('saving a story past a rate limit', () => {
  it('fails with the "too often" message, leaving the fields as they were for another try', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'x' } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } })));
    const typed = structuredClone(fields);
    const failure = await saveStory(null, typed, fields).catch((error: unknown) => error);
    expect(formErrorMessage(failure)).toBe(ACCOUNT_TEXTS.tooOften);
    expect(typed).toEqual(fields);
  });
});
