import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { readingListContracts } from '@common/reading-lists/contract';
import { readingListPageSchema, type ReadingListPage } from '@common/reading-lists/reading-lists';
import { routePath } from '@common/contracts/define';
import { callRoute } from '../../lib/call-route';
import { isApiError } from '../../lib/api';
import { cursorListQuery } from '../../lib/paged-list';
import { readingListKeys } from './keys';

export { readingListKeys };


export const myListsQuery = () => queryOptions({ queryKey: readingListKeys.mine, queryFn: ({ signal }) => callRoute(readingListContracts.mine, { signal }) });

/** The bookmark's menu: which of the reader's lists hold the story. */
export const storyListsQuery = (storyId: string) =>
  queryOptions({ queryKey: readingListKeys.forStory(storyId), queryFn: ({ signal }) => callRoute(readingListContracts.forStory, { params: { storyId }, signal }) });

const notFoundStops = (count: number, error: Error) => !(isApiError(error) && error.status === 404) && count < 2;

/** The list itself (name, owner, count, permissions): the first page with one entry is the cheapest answer that has it. */
export const listInfoQuery = (id: string) =>
  queryOptions({
    queryKey: readingListKeys.info(id),
    queryFn: ({ signal }) => callRoute(readingListContracts.page, { params: { id }, query: { limit: 1 }, signal }).then((page) => page.list),
    retry: notFoundStops,
  });

/** GET /api/reading-lists/:id: the list, and its entries a page at a time. */
export const listPageQuery = (id: string) => ({
  ...cursorListQuery({
    queryKey: readingListKeys.page(id),
    path: (cursor) => routePath(readingListContracts.page, { params: { id }, query: { cursor } }),
    schema: import.meta.env.DEV ? readingListPageSchema : undefined,
    items: (page: ReadingListPage) => page.entries,
  }),
  retry: notFoundStops,
});

export const createList = (title: string, isPublic: boolean) => callRoute(readingListContracts.create, { body: { title, public: isPublic } }).then((r) => r.list);
export const changeList = (id: string, changes: { title?: string; public?: boolean }) => callRoute(readingListContracts.update, { params: { id }, body: changes }).then((r) => r.list);
export const deleteList = (id: string) => callRoute(readingListContracts.remove, { params: { id } });
export const addToReadLater = (storyId: string) => callRoute(readingListContracts.readLater, { params: { storyId } });
export const putEntry = (id: string, storyId: string, note?: string) => callRoute(readingListContracts.putEntry, { params: { id, storyId }, body: note === undefined ? undefined : { note } });
export const removeEntry = (id: string, storyId: string) => callRoute(readingListContracts.removeEntry, { params: { id, storyId } });

/** After any change: every list answer is read afresh when next shown. */
export const refreshLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: readingListKeys.all });
