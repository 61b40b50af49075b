import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptForDay } from '@common/prompts/rules';
import { saveStory } from './save';
import type { DraftFields } from './draft';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Saves a new story against a stubbed fetch and returns the body it sent. */
async function sentBody(fields: DraftFields, promptDay?: string): Promise<Record<string, unknown>> {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ error: { code: 'bad_request', message: 'stop here' } }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  await saveStory(null, fields, fields, promptDay).catch(() => undefined);
  const init = fetch.mock.calls[0]?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('writing to a prompt page’s prompt', () => {
  const day = '2026-11-03';
  const fields: DraftFields = { title: 'A title', content: 'Some words.', prompt: promptForDay(day), public: true, contentWarnings: [], contentWarningNote: '', tags: [] };

  it('tells the server the day while the story carries that day’s prompt', async () => {
    expect(await sentBody(fields, day)).toMatchObject({ promptDay: day, prompt: promptForDay(day) });
  });

  it('leaves the day out once the writer picked another prompt or none, or came from no prompt page', async () => {
    expect(await sentBody({ ...fields, prompt: promptForDay('2026-11-04') }, day)).not.toHaveProperty('promptDay');
    expect(await sentBody({ ...fields, prompt: null }, day)).not.toHaveProperty('promptDay');
    expect(await sentBody(fields)).not.toHaveProperty('promptDay');
  });
});
