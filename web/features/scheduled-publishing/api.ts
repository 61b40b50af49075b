import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { scheduleContracts } from '@common/scheduled-publishing/contract';
import type { ScheduleResponse } from '@common/scheduled-publishing/schedule';
import { callRoute } from '../../lib/call-route';
import { useApiMutation } from '../../lib/mutation';
import { storyKeys } from '../../lib/query-keys';

/** Under the stories' keys: a story published by hand or deleted refetches them with every story list (stories' storyChanged). */
export const scheduleKeys = {
  detail: (id: string) => [...storyKeys.all, 'schedule', id] as const,
  mine: [...storyKeys.all, 'schedules'] as const,
};

export const scheduleQuery = (storyId: string) =>
  queryOptions({
    queryKey: scheduleKeys.detail(storyId),
    queryFn: ({ signal }) => callRoute(scheduleContracts.read, { params: { id: storyId }, signal }),
  });

export const scheduledStoriesQuery = queryOptions({
  queryKey: scheduleKeys.mine,
  queryFn: ({ signal }) => callRoute(scheduleContracts.mine, { signal }),
});

async function scheduleChanged(queryClient: QueryClient, answer: ScheduleResponse): Promise<void> {
  queryClient.setQueryData(scheduleKeys.detail(answer.storyId), answer);
  await queryClient.invalidateQueries({ queryKey: scheduleKeys.mine });
}

/** Sets or changes the time; a refusal (a past time, too far ahead) is shown beside the field, not toasted. */
export const useSetSchedule = (onError: (error: Error) => void) =>
  useApiMutation({
    request: ({ id, publishAt }: { id: string; publishAt: string }) => callRoute(scheduleContracts.set, { params: { id }, body: { publishAt } }),
    success: 'Story scheduled.',
    failure: false,
    onSuccess: (answer, _vars, queryClient) => scheduleChanged(queryClient, answer),
    onError,
  });

export const useCancelSchedule = () =>
  useApiMutation({
    request: (id: string) => callRoute(scheduleContracts.cancel, { params: { id } }),
    success: 'Schedule cancelled. The story stays private.',
    failure: 'Failed to cancel the schedule.',
    onSuccess: (answer, _id, queryClient) => scheduleChanged(queryClient, answer),
  });
