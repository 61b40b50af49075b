import { expect } from 'vitest';
import type { Story, StoryCreateInput } from '@common/stories/story';
import type { Progress } from '@common/streaks/streak';
import type { TestClient } from '../../test/client';
import { buildStoryInput } from './test-support-builders';

/** Test helper: posts a story through the API and returns it. */
export async function postStory(client: TestClient, overrides: Partial<StoryCreateInput> = {}): Promise<Story> {
  const res = await client.post<{ story: Story; progress: Progress }>('/api/stories', buildStoryInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.story;
}

export interface ErrorBody {
  error: { code: string; message: string };
}
