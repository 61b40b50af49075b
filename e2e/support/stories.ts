import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

export interface StoryFields {
  title: string;
  content?: string;
  public?: boolean;
  tags?: string[];
  contentWarnings?: string[];
}

/**
 * A story written through the API as the page's signed-in person, for specs whose subject is
 * not the editor; its id. The text defaults to a sentence naming the title.
 */
export async function postStoryThroughApi(page: Page, { title, content = `${title}. The tide came in at nine.`, ...rest }: StoryFields): Promise<string> {
  const res = await page.request.post('/api/stories', { data: { title, content, public: true, ...rest }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}
