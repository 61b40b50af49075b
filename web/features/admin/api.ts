import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_TEXTS, type AuditFilterValues, type DashboardRange } from '@common/admin/admin';
import { adminContracts } from '@common/admin/contract';
import { backupContracts } from '@common/backups/contract';
import { routePath } from '@common/contracts/define';
import { callRoute } from '../../lib/call-route';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { cursorListQuery, withSearchParams } from '../../lib/paged-list';
import { adminKeys } from '../../lib/query-keys';

export const adminOverviewQuery = queryOptions({
  queryKey: [...adminKeys.all, 'overview'] as const,
  queryFn: ({ signal }) => callRoute(adminContracts.overview, { signal }),
  // Fetched afresh on every visit: the waiting count changes with each sign-up and decision.
  staleTime: 0,
});

/** The scheduled backups' state (admins only), fetched afresh on every visit. */
export const backupStatusQuery = queryOptions({
  queryKey: [...adminKeys.all, 'backups'] as const,
  queryFn: ({ signal }) => callRoute(backupContracts.status, { signal }),
  staleTime: 0,
});

export const dashboardQuery = (days: DashboardRange) =>
  queryOptions({
    queryKey: adminKeys.dashboard(days),
    queryFn: ({ signal }) => callRoute(adminContracts.dashboard, { query: { days }, signal }),
    // The numbers move all the time: fetch afresh on every visit, keep the last range on screen while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * The bell's list, page by page; `unread` (of all, not of the page) comes with the newest page.
 * Under adminKeys.notifications, which live events invalidate (new notification, marked read elsewhere).
 */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: adminKeys.notifications,
  queryFn: ({ pageParam, signal }) => callRoute(adminContracts.notifications, { query: { cursor: pageParam }, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  select: (data) => ({ notifications: data.pages.flatMap((page) => page.notifications), unread: data.pages[0]?.unread ?? 0 }),
});


/** Opening a notification marks it read: quiet on success, as the screen it opens is the outcome. */
export const useMarkNotificationRead = () =>
  useApiMutation({
    request: (id: string) => callRoute(adminContracts.readNotification, { params: { id } }),
    failure: ADMIN_TEXTS.markReadFailed,
    onSuccess: (_unread, _vars, queryClient) => invalidateAll(queryClient, [adminKeys.notifications]),
  });

export const useMarkAllNotificationsRead = () =>
  useApiMutation({
    request: () => callRoute(adminContracts.readAllNotifications, {}),
    failure: ADMIN_TEXTS.markAllReadFailed,
    onSuccess: (_unread, _vars, queryClient) => invalidateAll(queryClient, [adminKeys.notifications]),
  });

/** The filters as query parameters (empty ones left out): the list's and the export's. */
const auditParams = (filter: AuditFilterValues) => ({ source: filter.source, type: filter.type, user: filter.user, from: filter.from, to: filter.to });

export const auditQuery = (filter: AuditFilterValues) =>
  cursorListQuery({
    queryKey: [...adminKeys.audit, auditParams(filter)] as const,
    path: (cursor) => routePath(adminContracts.audit, { query: { ...auditParams(filter), cursor } }),
    schema: import.meta.env.DEV ? adminContracts.audit.response : undefined,
    items: (page) => page.entries,
  });

/** The CSV of the filtered log: a plain link, so the browser downloads it with the session cookie. */
export const auditExportHref = (filter: AuditFilterValues) => withSearchParams('/api/admin/audit/export', auditParams(filter));

export const auditTypesQuery = queryOptions({
  queryKey: [...adminKeys.audit, 'types'] as const,
  queryFn: ({ signal }) => callRoute(adminContracts.auditTypes, { signal }).then((r) => r.types),
});
