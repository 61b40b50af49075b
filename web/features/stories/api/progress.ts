import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { promptContracts } from '@common/prompts/contract';
import type { TodayPromptResponse } from '@common/prompts/prompts';
import { todayPrompt, utcDayKey } from '@common/prompts/rules';
import { streakContracts } from '@common/streaks/contract';
import type { Progress } from '@common/streaks/streak';
import { callRoute } from '../../../lib/call-route';
import { progressKeys } from '../../../lib/query-keys';

const promptKeys = { today: ['prompts', 'today'] as const };

/** The browser's IANA time zone, which the server counts writing days in. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const progressQuery = queryOptions({
  queryKey: progressKeys.mine,
  queryFn: ({ signal }) => callRoute(streakContracts.progress, { signal }).then((r) => r.progress),
});

/**
 * The writer's streak and today's words. The first time it loads with a zone other than the
 * browser's, the browser's zone is saved (the writer travelled, or never had one stored).
 */
export function useProgress(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...progressQuery, enabled });
  const storedZone = query.data?.timezone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (!enabled || !storedZone || !zone || zone === storedZone) return;
    callRoute(streakContracts.timeZone, { body: { timezone: zone } })
      .then((r) => queryClient.setQueryData<Progress>(progressKeys.mine, r.progress))
      .catch((error: unknown) => console.error('Could not save the time zone', error));
  }, [enabled, storedZone, queryClient]);
  return query;
}

/** Today's prompt from the server; until it answers, the same rule computed here. */
export function useTodayPrompt() {
  return useQuery<TodayPromptResponse>({
    queryKey: promptKeys.today,
    queryFn: ({ signal }) => callRoute(promptContracts.today, { signal }),
    placeholderData: (): TodayPromptResponse => ({ date: utcDayKey(new Date()), prompt: todayPrompt() }),
    staleTime: 5 * 60_000,
  });
}
