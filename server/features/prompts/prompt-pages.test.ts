import { beforeAll, describe, expect, it } from 'vitest';
import {
  PROMPT_ARCHIVE_PAGE_SIZE,
  PROMPT_ARCHIVE_START,
  promptArchivePageSchema,
  promptDayResponseSchema,
  promptForDay,
  samePrompt,
  todayPromptResponseSchema,
  utcDayKey,
  type DayKey,
  type PromptInput,
} from '@common/prompts/prompts';
import { storyPageSchema, type StorySummary } from '@common/stories/story';
import { addDays } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import type { TestClient } from '../../test/client';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { PROMPT_NOT_FOUND } from './queries';

const today = (): DayKey => utcDayKey(new Date());

/** A prompt that is not the one of `day`, nor of the days either side (so no day claims it). */
function otherPrompt(day: DayKey): PromptInput {
  const near = [-1, 0, 1].map((n) => promptForDay(addDays(day, n)));
  for (let n = 10; ; n++) {
    const candidate = promptForDay(addDays(day, n));
    if (!near.some((p) => samePrompt(p, candidate))) return candidate;
  }
}

describe.each(testDialects())('prompt pages on %s', (dialect) => {
  let guest: TestClient;
  // Each test writes to its own past day (a prompt page's "Write to this prompt" sends it), so counts start at zero.
  let nextDay = 0;
  const freshDay = () => addDays('2025-03-01', nextDay++ * 3);

  const api = useTestServer(dialect, { people: ['ada', 'bob'] });
  beforeAll(async () => {
    guest = api.server.client();
  });

  /** A story written from `day`'s prompt page. */
  const writeTo = (who: SignedUp, day: DayKey, isPublic = true, title?: string) =>
    postStory(who.client, { prompt: promptForDay(day), promptDay: day, public: isPublic, ...(title ? { title } : {}) });

  async function page(client: TestClient, day: DayKey) {
    const res = await client.get(`/api/prompts/${day}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return promptDayResponseSchema.parse(res.body);
  }

  async function storiesOn(client: TestClient, day: DayKey, query = ''): Promise<{ stories: StorySummary[]; nextCursor: string | null }> {
    const res = await client.get(`/api/prompts/${day}/stories${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return storyPageSchema.parse(res.body);
  }

  const idsOn = async (client: TestClient, day: DayKey) => (await storiesOn(client, day, '?limit=50')).stories.map((s) => s.id);

  it('lists a story written to today’s prompt on today’s page and counts it in the archive; another prompt’s story is on neither', async () => {
    const day = today();
    const before = await page(guest, day);
    const answer = await postStory(api.ada.client, { prompt: promptForDay(day), public: true });
    expect(answer.promptDay).toBe(day);
    const other = await postStory(api.ada.client, { prompt: otherPrompt(day), public: true });
    expect(other.promptDay).toBeNull();
    const none = await postStory(api.ada.client, { prompt: null, public: true });
    expect(none.promptDay).toBeNull();

    const after = await page(guest, day);
    expect(after).toMatchObject({ date: day, prompt: promptForDay(day), answered: false, storiesCount: before.storiesCount + 1 });
    const ids = await idsOn(guest, day);
    expect(ids[0]).toBe(answer.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(none.id);
    expect(ids).toHaveLength(after.storiesCount);

    const archive = promptArchivePageSchema.parse((await guest.get('/api/prompts')).body);
    expect(archive.prompts[0]).toEqual({ date: day, prompt: promptForDay(day), storiesCount: after.storiesCount });
  });

  it('never shows or counts private stories, the author’s own included', async () => {
    const day = freshDay();
    const shown = await writeTo(api.ada, day, true);
    const hidden = await writeTo(api.ada, day, false);
    expect(hidden.promptDay).toBe(day);
    for (const client of [guest, api.bob.client, api.ada.client]) {
      expect(await idsOn(client, day)).toEqual([shown.id]);
      expect((await page(client, day)).storiesCount).toBe(1);
    }
  });

  it('hides a blocked writer’s stories from the blocker, and the blocker’s from them', async () => {
    const day = freshDay();
    const carol = await signUp(api.server);
    const dan = await signUp(api.server);
    const bystander = await writeTo(api.ada, day);
    const byCarol = await writeTo(carol, day);
    const byDan = await writeTo(dan, day);
    expect((await carol.client.post(`/api/blocks/${dan.uid}`)).status).toBe(200);

    expect(new Set(await idsOn(carol.client, day))).toEqual(new Set([bystander.id, byCarol.id]));
    expect(new Set(await idsOn(dan.client, day))).toEqual(new Set([bystander.id, byDan.id]));
    expect(new Set(await idsOn(api.bob.client, day))).toEqual(new Set([bystander.id, byCarol.id, byDan.id]));
    // The count is everyone's, whoever asks.
    expect((await page(carol.client, day)).storiesCount).toBe(3);
  });

  it('leaves a limited writer out as the community does (but not for followers or themselves), and out of the count', async () => {
    const day = freshDay();
    const owner = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    const lima = await signUpVerified(api.server);
    const follower = await signUp(api.server);
    expect((await follower.client.post(`/api/follows/${lima.uid}`)).status).toBe(200);
    const story = await writeTo(lima, day);
    expect(await idsOn(guest, day)).toEqual([story.id]);

    const limit = await owner.client.post(`/api/admin/users/${lima.uid}/actions`, { action: 'limit', reason: 'For the test' });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    expect(await idsOn(guest, day)).toEqual([]);
    expect(await idsOn(api.bob.client, day)).toEqual([]);
    expect(await idsOn(follower.client, day)).toEqual([story.id]);
    expect(await idsOn(lima.client, day)).toEqual([story.id]);
    expect((await page(guest, day)).storiesCount).toBe(0);

    expect((await owner.client.post(`/api/admin/users/${lima.uid}/actions`, { action: 'unlimit', reason: 'For the test' })).status).toBe(200);
    expect(await idsOn(guest, day)).toEqual([story.id]);
    expect((await page(guest, day)).storiesCount).toBe(1);
  });

  it('drops a story made private or deleted from the page and the count', async () => {
    const day = freshDay();
    const kept = await writeTo(api.ada, day);
    const hidden = await writeTo(api.ada, day);
    const deleted = await writeTo(api.bob, day);
    expect((await page(guest, day)).storiesCount).toBe(3);

    expect((await api.ada.client.send('PATCH', `/api/stories/${hidden.id}/visibility`, { public: false })).status).toBe(200);
    expect((await api.bob.client.send('DELETE', `/api/stories/${deleted.id}`)).status).toBe(204);
    expect(await idsOn(guest, day)).toEqual([kept.id]);
    expect((await page(guest, day)).storiesCount).toBe(1);
    // Its prompt changed by an edit: no longer an answer to that day.
    expect((await api.ada.client.send('PATCH', `/api/stories/${kept.id}`, { prompt: otherPrompt(day) })).status).toBe(200);
    expect(await idsOn(guest, day)).toEqual([]);
    expect((await page(guest, day)).storiesCount).toBe(0);
  });

  it('lets guests read every prompt page, list and the archive', async () => {
    const day = freshDay();
    const story = await writeTo(api.ada, day);
    expect(await page(guest, day)).toEqual({ date: day, prompt: promptForDay(day), answered: false, storiesCount: 1 });
    expect(await idsOn(guest, day)).toEqual([story.id]);
    const stories = await storiesOn(guest, day);
    expect(stories.stories[0]?.permissions).toMatchObject({ edit: false, delete: false, react: false });
    expect((await guest.get('/api/prompts')).status).toBe(200);
    expect(todayPromptResponseSchema.parse((await guest.get('/api/prompts/today')).body).answered).toBe(false);
  });

  it('says whether the viewer answered the prompt: today’s and any day’s, a private story included', async () => {
    const eve = await signUp(api.server);
    const day = today();
    expect(todayPromptResponseSchema.parse((await eve.client.get('/api/prompts/today')).body)).toMatchObject({ date: day, answered: false });
    expect((await page(eve.client, day)).answered).toBe(false);
    await postStory(eve.client, { prompt: promptForDay(day), public: false });
    expect(todayPromptResponseSchema.parse((await eve.client.get('/api/prompts/today')).body).answered).toBe(true);
    expect((await page(eve.client, day)).answered).toBe(true);
    // Someone else's answer is not the viewer's.
    expect((await page(api.server.client(), day)).answered).toBe(false);
    const fresh = await signUp(api.server);
    expect((await page(fresh.client, day)).answered).toBe(false);

    const past = freshDay();
    expect((await page(eve.client, past)).answered).toBe(false);
    await writeTo(eve, past, false);
    expect((await page(eve.client, past)).answered).toBe(true);
  });

  it('refuses a date that is not a real YYYY-MM-DD day with 400, and days without a page with 404', async () => {
    for (const bad of ['2025-02-30', 'yesterday', '2025-1-05', '20250105', '2025-13-01']) {
      for (const path of [`/api/prompts/${bad}`, `/api/prompts/${bad}/stories`]) {
        const res = await guest.get<ErrorBody>(path);
        expect([res.status, res.body.error.code], path).toEqual([400, 'validation_failed']);
        expect(res.body.error.message).toBe('Please give the prompt’s date as a real day written YYYY-MM-DD, like 2026-11-03.');
      }
    }
    const tomorrow = addDays(today(), 1);
    expect(await page(guest, tomorrow)).toMatchObject({ date: tomorrow, prompt: promptForDay(tomorrow) });
    expect(await page(guest, PROMPT_ARCHIVE_START)).toMatchObject({ date: PROMPT_ARCHIVE_START });
    for (const missing of [addDays(today(), 2), '2099-01-01', addDays(PROMPT_ARCHIVE_START, -1), '1999-12-31']) {
      for (const path of [`/api/prompts/${missing}`, `/api/prompts/${missing}/stories`]) {
        const res = await guest.get<ErrorBody>(path);
        expect([res.status, res.body.error.code, res.body.error.message], path).toEqual([404, 'not_found', PROMPT_NOT_FOUND]);
      }
    }
    const day = freshDay();
    expect((await guest.get<ErrorBody>(`/api/prompts/${day}/stories?limit=500`)).status).toBe(400);
    expect((await guest.get<ErrorBody>(`/api/prompts/${day}/stories?cursor=bm90LWEtY3Vyc29y`)).body.error.code).toBe('invalid_cursor');
  });

  it('pages 25 stories newest first without duplicates or gaps, even when a story arrives between pages', async () => {
    const day = freshDay();
    const writers = [api.ada, api.bob, ...(await Promise.all([signUp(api.server), signUp(api.server), signUp(api.server)]))];
    const written: string[] = [];
    for (let i = 0; i < 25; i++) written.push((await writeTo(writers[i % writers.length]!, day, true, `Story ${i}`)).id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: { stories: StorySummary[]; nextCursor: string | null } = await storiesOn(api.bob.client, day, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.stories.map((s) => s.id));
      cursor = next.nextCursor;
      // A newer story after the first page: it belongs at the top, never inside a later page.
      if (pages++ === 0) await writeTo(api.ada, day, true, 'Late arrival');
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...written].reverse());
    expect(new Set(seen).size).toBe(25);
    const fromTop = await idsOn(api.bob.client, day);
    expect(fromTop).toHaveLength(26);
    expect(fromTop.slice(1)).toEqual(seen);
    expect((await page(guest, day)).storiesCount).toBe(26);
  });

  it('lists the archive newest first from today, a page of days at a time, back to its first day', async () => {
    const first = promptArchivePageSchema.parse((await guest.get('/api/prompts')).body);
    const day = today();
    expect(first.prompts).toHaveLength(PROMPT_ARCHIVE_PAGE_SIZE);
    expect(first.prompts.map((p) => p.date)).toEqual(Array.from({ length: PROMPT_ARCHIVE_PAGE_SIZE }, (_, i) => addDays(day, -i)));
    for (const entry of first.prompts) expect(entry.prompt).toEqual(promptForDay(entry.date));
    expect(first.nextCursor).toBe(first.prompts.at(-1)?.date);

    const second = promptArchivePageSchema.parse((await guest.get(`/api/prompts?cursor=${first.nextCursor}`)).body);
    expect(second.prompts[0]?.date).toBe(addDays(day, -PROMPT_ARCHIVE_PAGE_SIZE));
    expect(second.prompts).toHaveLength(PROMPT_ARCHIVE_PAGE_SIZE);

    // The counts of older days: the stories written to them in the tests above.
    const answered = freshDay();
    await writeTo(api.bob, answered);
    await writeTo(api.bob, answered, false);
    const around = promptArchivePageSchema.parse((await guest.get(`/api/prompts?cursor=${addDays(answered, 1)}`)).body);
    expect(around.prompts[0]).toEqual({ date: answered, prompt: promptForDay(answered), storiesCount: 1 });
    expect(around.prompts[1]).toEqual({ date: addDays(answered, -1), prompt: promptForDay(addDays(answered, -1)), storiesCount: 0 });

    const last = promptArchivePageSchema.parse((await guest.get(`/api/prompts?cursor=${addDays(PROMPT_ARCHIVE_START, 5)}`)).body);
    expect(last.prompts.map((p) => p.date)).toEqual([4, 3, 2, 1, 0].map((n) => addDays(PROMPT_ARCHIVE_START, n)));
    expect(last.nextCursor).toBeNull();
    expect(promptArchivePageSchema.parse((await guest.get(`/api/prompts?cursor=${PROMPT_ARCHIVE_START}`)).body)).toEqual({ prompts: [], nextCursor: null });
    // A cursor in the future reads from today again.
    expect(promptArchivePageSchema.parse((await guest.get('/api/prompts?cursor=2099-01-01')).body).prompts[0]?.date).toBe(day);
    for (const bad of ['yesterday', '2025-02-30', '%00']) {
      const res = await guest.get<ErrorBody>(`/api/prompts?cursor=${bad}`);
      expect([res.status, res.body.error.message]).toEqual([400, 'cursor: This list has changed. Please reload it.']);
    }
  });

  it('records a requested prompt day only when the story carries exactly that day’s prompt', async () => {
    const day = freshDay();
    const mismatched = await postStory(api.ada.client, { prompt: otherPrompt(day), promptDay: day, public: true });
    expect(mismatched.promptDay).toBeNull();
    const without = await postStory(api.ada.client, { prompt: null, promptDay: day, public: true });
    expect(without.promptDay).toBeNull();
    const future = addDays(today(), 5);
    const early = await postStory(api.ada.client, { prompt: promptForDay(future), promptDay: future, public: true });
    expect(early.promptDay).toBeNull();
    expect(await idsOn(guest, day)).toEqual([]);
    expect((await page(guest, day)).storiesCount).toBe(0);
    const stored = await api.server.ctx.db.selectFrom('stories').select('promptDay').where('id', '=', mismatched.id).executeTakeFirstOrThrow();
    expect(stored.promptDay).toBeNull();
    const invalid = await api.ada.client.post<ErrorBody>('/api/stories', { title: 'T', content: 'Words here.', prompt: promptForDay(day), promptDay: '2025-02-30' });
    expect(invalid.status).toBe(400);
  });
});
