import { describe, expect, it } from 'vitest';
import type { Story } from '@common/stories/story';
import { STORY_TEXTS } from '@common/stories/texts';
import type { StoryVersion, StoryVersionPage } from '@common/story-versions/versions';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { postStory, type ErrorBody } from './test-support';

// An edit saved offline carries the updatedAt it began from; a newer text is never replaced unseen.
describe.each(testDialects())('an edit against an older text on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: { name: 'Ada Writer' } } });

  const patch = (id: string, body: Record<string, unknown>) => api.ada.client.patch<{ story: Story } & ErrorBody>(`/api/stories/${id}`, body);

  it('saves when the story is as the edit found it, and refuses with 409 once it has changed', async () => {
    const story = await postStory(api.ada.client, { title: 'Tide', content: 'The first text.' });
    const first = await patch(story.id, { content: 'The second text.', baseUpdatedAt: story.updatedAt });
    expect(first.status).toBe(200);
    expect(first.body.story.content).toBe('The second text.');

    // Written offline against the first text: the server has the second now.
    const stale = await patch(story.id, { content: 'The offline text.', baseUpdatedAt: story.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'conflict', message: STORY_TEXTS.editConflict });
    const now = await api.ada.client.get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(now.body.story.content).toBe('The second text.');

    // A change that leaves the text alone (visibility, tags) has nothing to conflict with.
    expect((await patch(story.id, { public: true, baseUpdatedAt: story.updatedAt })).status).toBe(200);
    // Nor does the same text as the server's.
    expect((await patch(story.id, { content: 'The second text.', baseUpdatedAt: story.updatedAt })).status).toBe(200);

    // The writer chose theirs: saved without a base, and the history keeps the replaced text.
    const forced = await patch(story.id, { content: 'The offline text.' });
    expect(forced.status).toBe(200);
    const page = await api.ada.client.get<StoryVersionPage>(`/api/stories/${story.id}/versions`);
    const texts = await Promise.all(
      page.body.versions.map(async (v) => (await api.ada.client.get<{ version: StoryVersion }>(`/api/stories/${story.id}/versions/${v.id}`)).body.version.content),
    );
    expect(texts).toEqual(['The second text.', 'The first text.']);
  });

  it('answers 400 for a base that is not a date and time', async () => {
    const story = await postStory(api.ada.client);
    const res = await patch(story.id, { content: 'x y', baseUpdatedAt: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('lets one of a burst of edits from the same base through; the others get 409 and change nothing', async () => {
    const story = await postStory(api.ada.client, { title: 'Burst', content: 'Where it began.' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => patch(story.id, { content: `Edit number ${i}.`, baseUpdatedAt: story.updatedAt })),
    );
    const saved = answers.filter((a) => a.status === 200);
    expect(saved).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const now = await api.ada.client.get<{ story: Story }>(`/api/stories/${story.id}`);
    expect(now.body.story.content).toBe(saved[0]?.body.story.content);
    const page = await api.ada.client.get<StoryVersionPage>(`/api/stories/${story.id}/versions`);
    expect(page.body.total).toBe(1);
  });
});
