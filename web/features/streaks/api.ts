import { streakContracts } from '@common/streaks/contract';
import { callRoute } from '../../lib/call-route';
import { setCurrentUserData } from '../../lib/auth';
import { useApiMutation } from '../../lib/mutation';
import { progressKeys } from '../../lib/query-keys';

/**
 * PATCH /api/me/daily-goal; the record and today's progress follow at once. A failure shows
 * beside the form and is logged.
 */
export const useSaveDailyGoal = () =>
  useApiMutation({
    request: (dailyGoal: number) => callRoute(streakContracts.dailyGoal, { body: { dailyGoal } }),
    success: 'Daily goal updated!',
    failure: false,
    reportAs: 'daily_goal_updated',
    onSuccess: async (saved, _goal, queryClient) => {
      setCurrentUserData(queryClient, saved);
      await queryClient.invalidateQueries({ queryKey: progressKeys.mine });
    },
  });
