import { queryOptions } from '@tanstack/react-query';
import { bookContracts } from '@common/books/contract';
import { callRoute } from '../../lib/call-route';

/** Keys used by this feature only. */
export const bookKeys = { myWritingYears: ['books', 'my-writing'] as const };

export const myWritingYearsQuery = queryOptions({
  queryKey: bookKeys.myWritingYears,
  queryFn: ({ signal }) => callRoute(bookContracts.myWritingYears, { signal }),
  // Asked when the menu opens: a story written since, in another tab too, shows.
  staleTime: 0,
});
