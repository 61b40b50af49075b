import { queryOptions } from '@tanstack/react-query';
import { routePath } from '@common/contracts/define';
import { promptContracts } from '@common/prompts/contract';
import { type DayKey } from '@common/prompts/rules';
import { isApiError } from '../../lib/api';
import { callRoute } from '../../lib/call-route';
import { cursorListQuery } from '../../lib/paged-list';
import { storyKeys } from '../../lib/query-keys';
import { storyListQuery } from '../stories';

/**
 * Prompt pages and the archive. The keys live under ['stories'] so a story saved, made
 * private or deleted anywhere (storyChanged) refreshes their lists, counts and "answered".
 */
export const promptKeys = {
  all: [...storyKeys.all, 'prompts'] as const,
  day: (day: DayKey) => [...storyKeys.all, 'prompts', 'day', day] as const,
  stories: (day: DayKey) => [...storyKeys.all, 'prompts', 'stories', day] as const,
  archive: [...storyKeys.all, 'prompts', 'archive'] as const,
};

const notFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** GET /api/prompts/:date: the day's prompt, whether the viewer answered it, how many stories. */
export const promptDayQuery = (day: DayKey) =>
  queryOptions({
    queryKey: promptKeys.day(day),
    queryFn: ({ signal }) => callRoute(promptContracts.day, { params: { date: day }, signal }),
    // A day without a page stays without one: no retries.
    retry: (count, error) => !notFound(error) && count < 2,
  });

/** GET /api/prompts/:date/stories: public stories written to the day's prompt, newest first. */
export const promptStoriesQuery = (day: DayKey) =>
  storyListQuery(promptKeys.stories(day), (cursor) => routePath(promptContracts.stories, { params: { date: day }, query: { cursor } }));

/** GET /api/prompts: the archive, a month of days a page, newest first. */
export const promptArchiveQuery = () =>
  cursorListQuery({
    queryKey: promptKeys.archive,
    path: (cursor) => routePath(promptContracts.archive, { query: { cursor } }),
    schema: import.meta.env.DEV ? promptContracts.archive.response : undefined,
    items: (page) => page.prompts,
  });

/** Whether an error means "no such prompt page" (a day out of range or not a date). */
export const isMissingPrompt = notFound;
