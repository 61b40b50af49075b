import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { seriesContracts } from '@common/series/contract';
import type { SeriesPage } from '@common/series/series';
import { callRoute } from '../../lib/call-route';
import { isApiError } from '../../lib/api';
import { storyKeys } from '../../lib/query-keys';

/** Series live under ['stories'] so a story saved, made private or deleted anywhere refreshes them. */
export const seriesKeys = {
  all: [...storyKeys.all, 'series'] as const,
  page: (id: string) => [...storyKeys.all, 'series', 'page', id] as const,
  ofStory: (storyId: string) => [...storyKeys.all, 'series', 'story', storyId] as const,
  ofWriter: (uid: string) => [...storyKeys.all, 'series', 'writer', uid] as const,
  mine: [...storyKeys.all, 'series', 'mine'] as const,
};

const notFoundStops = (count: number, error: Error) => !(isApiError(error) && error.status === 404) && count < 2;

export const seriesPageQuery = (id: string) =>
  queryOptions({
    queryKey: seriesKeys.page(id),
    queryFn: ({ signal }) => callRoute(seriesContracts.page, { params: { id }, signal }),
    retry: notFoundStops,
  });

export const storyPartQuery = (storyId: string) =>
  queryOptions({
    queryKey: seriesKeys.ofStory(storyId),
    queryFn: ({ signal }) => callRoute(seriesContracts.ofStory, { params: { storyId }, signal }).then((r) => r.part),
    retry: notFoundStops,
  });

export const writerSeriesQuery = (uid: string) =>
  queryOptions({ queryKey: seriesKeys.ofWriter(uid), queryFn: ({ signal }) => callRoute(seriesContracts.ofWriter, { params: { uid }, signal }).then((r) => r.series) });

export const ownSeriesQuery = () => queryOptions({ queryKey: seriesKeys.mine, queryFn: ({ signal }) => callRoute(seriesContracts.mine, { signal }).then((r) => r.series) });

export const createSeries = (title: string, description: string) => callRoute(seriesContracts.create, { body: { title, description } }).then((r) => r.series);
export const updateSeries = (id: string, title: string, description: string) => callRoute(seriesContracts.update, { params: { id }, body: { title, description } });
export const deleteSeries = (id: string) => callRoute(seriesContracts.remove, { params: { id } });
export const addToSeries = (id: string, storyId: string) => callRoute(seriesContracts.addStory, { params: { id, storyId } });
export const removeFromSeries = (id: string, storyId: string) => callRoute(seriesContracts.removeStory, { params: { id, storyId } });
export const reorderSeries = (id: string, storyIds: string[]) => callRoute(seriesContracts.reorder, { params: { id }, body: { storyIds } });

/** After a change to a series' parts: its page from the answer, everything else about series afresh. */
export async function seriesChanged(queryClient: QueryClient, page: SeriesPage): Promise<void> {
  queryClient.setQueryData(seriesKeys.page(page.series.id), page);
  await queryClient.invalidateQueries({ queryKey: seriesKeys.all, predicate: (q) => q.queryKey[3] !== page.series.id });
}
