import { queryOptions } from '@tanstack/react-query';
import { calendarContracts } from '@common/calendar/contract';
import { callRoute } from '../../lib/call-route';
import { profileKeys } from '../../lib/query-keys';

/** Under the profile's keys, so whatever refreshes the own profile refreshes the calendar too. */
export const calendarKeys = { mine: [...profileKeys.all, 'me', 'calendar'] as const };

/** GET /api/me/calendar: fetched afresh on every visit (stories written elsewhere change it). */
export const calendarQuery = queryOptions({
  queryKey: calendarKeys.mine,
  queryFn: ({ signal }) => callRoute(calendarContracts.mine, { signal }),
  staleTime: 0,
});
