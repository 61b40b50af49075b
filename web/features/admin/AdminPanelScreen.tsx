import { useQuery } from '@tanstack/react-query';
import { MessageSquareText, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { card, focusRing } from '../../components/ui';
import { adminOverviewQueryOptions } from './admin-overview';

const ADMIN_SECTIONS = [
  { to: '/admin/feature-requests', label: 'Feature Requests', description: 'Read and answer what writers ask for.', icon: MessageSquareText },
  { to: '/admin/greetings', label: 'Greetings', description: 'Manage the greetings writers see.', icon: PartyPopper },
] as const;

function UserCount() {
  const { data, isPending, isError } = useQuery(adminOverviewQueryOptions);
  if (isPending) return <p className="mt-2 text-muted">Loading user count…</p>;
  if (isError) return <p className="mt-2 text-red-700 dark:text-red-300">Could not load the user count.</p>;
  return (
    <p className="mt-2 text-muted">
      Registered users: <strong data-testid="admin-user-count" className="text-fg">{data.users}</strong>
    </p>
  );
}

export function AdminPanelScreen() {
  return (
    <div className="flex flex-col gap-6">
      <title>Admin Panel · Drabble</title>
      <section aria-labelledby="screen-heading" className={card}>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          Admin Panel
        </h1>
        <UserCount />
      </section>
      <ul className="grid gap-4 sm:grid-cols-2">
        {ADMIN_SECTIONS.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={`${card} flex h-full items-start gap-4 hover:border-accent-500 ${focusRing}`}>
              <Icon aria-hidden className="size-6 shrink-0 text-accent-ink" />
              <span>
                <span className="block font-semibold text-fg">{label}</span>
                <span className="mt-1 block text-sm text-muted">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
