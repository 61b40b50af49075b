import { useId } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { USER_STATUSES, USER_STATUS_LABELS, type AdminUserSummary, type UserStatus } from '@common/moderation/moderation';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { SearchField } from '../../components/SearchField';
import { SegmentedControl } from '../../components/SegmentedControl';
import { CenteredSpinner } from '../../components/Spinner';
import { focusRing, inputField } from '../../components/ui';
import { formatDate, plural } from '../../lib/format';
import { useAddressFilters } from '../../lib/address-filters';
import { usePagedList } from '../../lib/paged-list';
import { adminUsersQuery } from './api';
import { UserStatusBadge, pill } from './badges';

const SEARCH_MAX = 200;
const LOAD_FAILED = 'Could not load the accounts.';
const SORT_OPTIONS = [
  { value: 'joined', label: 'Join date' },
  { value: 'lastActive', label: 'Last active' },
] as const;
type Sort = (typeof SORT_OPTIONS)[number]['value'];

function isStatus(value: string | null): value is UserStatus {
  return (USER_STATUSES as readonly (string | null)[]).includes(value);
}

function UserRow({ user }: { user: AdminUserSummary }) {
  return (
    <Link
      to={`/admin/users/${encodeURIComponent(user.uid)}`}
      className={`flex flex-col gap-1 rounded-xl border border-line bg-surface p-3 shadow-sm hover:border-accent-500 sm:flex-row sm:items-center sm:gap-4 sm:p-4 ${focusRing}`}
      data-testid="admin-user-row"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold text-fg">{user.displayName}</span>
          {user.owner ? (
            <span className={`${pill} bg-accent-soft text-accent-soft-ink`}>Owner</span>
          ) : (
            user.admin && <span className={`${pill} bg-accent-soft text-accent-soft-ink`}>Admin</span>
          )}
        </span>
        <span className="truncate text-sm text-muted">{user.email}</span>
      </span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted sm:justify-end">
        <UserStatusBadge status={user.status} />
        {user.openReports > 0 && <span className="font-semibold text-red-700 dark:text-red-300">{plural(user.openReports, 'open report')}</span>}
        <span>Joined {formatDate(user.created_at)}</span>
        <span>Active {formatDate(user.lastActive)}</span>
      </span>
    </Link>
  );
}

/** /admin/users: every account, searched by name or email, filtered by status, a page at a time. */
export function UsersScreen() {
  const { params, typed, setTyped, setParam } = useAddressFilters();
  const q = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const sort: Sort = params.get('sort') === 'lastActive' ? 'lastActive' : 'joined';
  const searchId = useId();
  const statusId = useId();

  const list = usePagedList({ ...adminUsersQuery({ q: q || undefined, status, sort }), placeholderData: keepPreviousData });
  const filtered = q !== '' || status !== undefined;

  return (
    <section aria-labelledby="screen-heading" data-testid="admin-users-screen">
      <title>Users · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Users
      </h1>
      <p className="mt-1 text-muted">Every account, its standing and its reports.</p>

      <div className="mt-6 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-end" role="search">
        <div className="flex-1">
          <SearchField id={searchId} label="Search accounts" value={typed} onChange={setTyped} maxLength={SEARCH_MAX} placeholder="Name or email" testId="admin-user-search" />
        </div>
        <div>
          <label htmlFor={statusId} className="text-sm font-medium text-fg">
            Status
          </label>
          <select id={statusId} value={status ?? ''} onChange={(event) => setParam('status', event.target.value)} className={`${inputField} mt-1 md:w-48`} data-testid="admin-user-status">
            <option value="">All statuses</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {USER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="self-start md:self-auto">
          <SegmentedControl label="Sort" options={SORT_OPTIONS} value={sort} onChange={(value) => setParam('sort', value === 'joined' ? '' : value)} testId="admin-user-sort" />
        </div>
      </div>

      <div className="mt-6" aria-busy={list.isFetching || undefined}>
        {list.status === 'pending' ? (
          <CenteredSpinner />
        ) : list.items === undefined ? (
          <LoadError message={LOAD_FAILED} onRetry={list.refetch} />
        ) : list.items.length === 0 ? (
          filtered ? (
            <EmptyState icon={<SearchX aria-hidden className="size-6" />} title="No accounts match.">
              Try another name, email or status.
            </EmptyState>
          ) : (
            <EmptyState icon={<Users aria-hidden className="size-6" />} title="No accounts yet." />
          )
        ) : (
          <ul className={`flex flex-col gap-2 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Accounts" data-testid="admin-user-list">
            {list.items.map((user) => (
              <li key={user.uid}>
                <UserRow user={user} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={list} className="mt-6 flex justify-center" failure={LOAD_FAILED} />
      </div>
    </section>
  );
}
