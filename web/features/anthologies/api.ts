import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { anthologyContracts } from '@common/anthologies/contract';
import { anthologyListSchema, type AnthologyCreateInput, type AnthologyList, type AnthologyPage, type AnthologySummary, type AnthologyUpdateInput } from '@common/anthologies/anthologies';
import { routePath } from '@common/contracts/define';
import { callRoute } from '../../lib/call-route';
import { isApiError } from '../../lib/api';
import { cursorListQuery } from '../../lib/paged-list';
import { storyKeys } from '../../lib/query-keys';

/** Anthologies live under ['stories'] so a story saved, made private or deleted anywhere refreshes them. */
export const anthologyKeys = {
  all: [...storyKeys.all, 'anthologies'] as const,
  directory: (q: string) => [...storyKeys.all, 'anthologies', 'directory', q] as const,
  mine: [...storyKeys.all, 'anthologies', 'mine'] as const,
  page: (id: string) => [...storyKeys.all, 'anthologies', 'page', id] as const,
  ofStory: (storyId: string) => [...storyKeys.all, 'anthologies', 'story', storyId] as const,
};

const notFoundStops = (count: number, error: Error) => !(isApiError(error) && error.status === 404) && count < 2;

/** GET /api/anthologies?q=: the directory, a page at a time. */
export const directoryQuery = (q: string) =>
  cursorListQuery({
    queryKey: anthologyKeys.directory(q),
    path: (cursor) => routePath(anthologyContracts.directory, { query: { q, cursor } }),
    schema: import.meta.env.DEV ? anthologyListSchema : undefined,
    items: (page: AnthologyList) => page.anthologies,
  });

export const myAnthologiesQuery = () => queryOptions({ queryKey: anthologyKeys.mine, queryFn: ({ signal }) => callRoute(anthologyContracts.mine, { signal }) });

export const anthologyPageQuery = (id: string) =>
  queryOptions({
    queryKey: anthologyKeys.page(id),
    queryFn: ({ signal }) => callRoute(anthologyContracts.page, { params: { id }, signal }),
    retry: notFoundStops,
  });

export const storyAnthologiesQuery = (storyId: string) =>
  queryOptions({
    queryKey: anthologyKeys.ofStory(storyId),
    queryFn: ({ signal }) => callRoute(anthologyContracts.ofStory, { params: { storyId }, signal }).then((r) => r.anthologies),
    retry: notFoundStops,
  });

export const createAnthology = (input: AnthologyCreateInput) => callRoute(anthologyContracts.create, { body: input }).then((r) => r.anthology);
export const updateAnthology = (id: string, changes: AnthologyUpdateInput) => callRoute(anthologyContracts.update, { params: { id }, body: changes }).then((r) => r.anthology);
export const deleteAnthology = (id: string) => callRoute(anthologyContracts.remove, { params: { id } });
export const addEditor = (id: string, member: string) => callRoute(anthologyContracts.addEditor, { params: { id }, body: { member } }).then((r) => r.anthology);
export const removeEditor = (id: string, uid: string) => callRoute(anthologyContracts.removeEditor, { params: { id, uid } }).then((r) => r.anthology);
export const submitStory = (id: string, storyId: string) => callRoute(anthologyContracts.submit, { params: { id, storyId } });
/** The writer withdraws (no reason); an editor removes with one, which the writer is told. */
export const removeStory = (id: string, storyId: string, reason = '') => callRoute(anthologyContracts.removeStory, { params: { id, storyId }, body: { reason } });
export const acceptStory = (id: string, storyId: string) => callRoute(anthologyContracts.accept, { params: { id, storyId } });
export const declineStory = (id: string, storyId: string, reason: string) => callRoute(anthologyContracts.decline, { params: { id, storyId }, body: { reason } });
export const reorderAnthology = (id: string, storyIds: string[]) => callRoute(anthologyContracts.reorder, { params: { id }, body: { storyIds } });
export const followAnthology = (id: string, follow: boolean) =>
  (follow ? callRoute(anthologyContracts.follow, { params: { id } }) : callRoute(anthologyContracts.unfollow, { params: { id } })).then((r) => r.anthology);

/** After a change to an anthology's stories: its page from the answer, everything else about anthologies afresh. */
export async function anthologyChanged(queryClient: QueryClient, page: AnthologyPage): Promise<void> {
  queryClient.setQueryData(anthologyKeys.page(page.anthology.id), page);
  await queryClient.invalidateQueries({ queryKey: anthologyKeys.all, predicate: (q) => q.queryKey[3] !== page.anthology.id });
}

/**
 * After a change to an anthology itself: the answer's summary shows at once. Following changes
 * nothing else on its page; a new order, new editors or a step down change its stories or what
 * waits, so `refetchPage` reads the page afresh too.
 */
export async function summaryChanged(queryClient: QueryClient, anthology: AnthologySummary, refetchPage: boolean): Promise<void> {
  queryClient.setQueryData<AnthologyPage>(anthologyKeys.page(anthology.id), (page) => (page ? { ...page, anthology } : page));
  await queryClient.invalidateQueries({ queryKey: anthologyKeys.all, predicate: (q) => refetchPage || q.queryKey[3] !== anthology.id });
}
