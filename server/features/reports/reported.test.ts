import { describe, expect, it } from 'vitest';
import { REPORTED_IDS_MAX, reportedSchema } from '@common/reports/report-state';
import type { Comment } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

/** The Report control reads "Reported" once the reader has reported the thing, across reloads. */
describe.each(testDialects())('what a reader has reported, on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: { name: 'Ada Writer' }, bob: { name: 'Bob Reader' }, cy: { name: 'Cy Reader' } } });

  const mine = (who: SignedUp, query: string) => who.client.get<ErrorBody>(`/api/reports/mine?${query}`);

  async function reported(who: SignedUp, targetType: string, ids: string[]): Promise<string[]> {
    const res = await mine(who, new URLSearchParams({ targetType, ids: ids.join(',') }).toString());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return reportedSchema.parse(res.body).reported.sort();
  }

  it('answers which of the asked things this reader reported, and nobody else’s reports', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const other = await postStory(api.ada.client, { public: true });
    const comments: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const res = await api.ada.client.post<{ comment: Comment }>(`/api/stories/${story.id}/comments`, { text });
      comments.push(res.body.comment.id);
    }
    expect(await reported(api.bob, 'story', [story.id, other.id])).toEqual([]);

    for (const [targetType, targetId] of [
      ['story', story.id],
      ['comment', comments[1]!],
      ['profile', api.ada.uid],
    ] as const) {
      expect((await api.bob.client.post('/api/reports', { targetType, targetId, category: 'spam' })).status).toBe(201);
    }
    expect(await reported(api.bob, 'story', [story.id, other.id])).toEqual([story.id]);
    expect(await reported(api.bob, 'comment', comments)).toEqual([comments[1]]);
    expect(await reported(api.bob, 'profile', [api.ada.uid])).toEqual([api.ada.uid]);
    // The same id asked as another kind is not the same thing.
    expect(await reported(api.bob, 'comment', [story.id])).toEqual([]);
    // Someone else's report is not mine.
    expect(await reported(api.cy, 'story', [story.id])).toEqual([]);
  });

  it('refuses guests (401) and malformed questions (400)', async () => {
    expect((await api.server.client().get('/api/reports/mine?targetType=story&ids=abc')).status).toBe(401);
    for (const query of [
      '',
      'targetType=story',
      'targetType=poem&ids=abc',
      'targetType=story&ids=',
      'targetType=story&ids=a%20b',
      `targetType=story&ids=${Array.from({ length: REPORTED_IDS_MAX + 1 }, (_, i) => `id${i}`).join(',')}`,
    ]) {
      const res = await mine(api.bob, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});
