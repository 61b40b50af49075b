import { Monitor } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '@common/account/account';
import { secondaryButton } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useRevokeOtherSessions, useRevokeSession, sessionsQuery } from './api';
import { lastActiveText } from './last-active';
import { SETTINGS_SECTIONS } from './sections';
import { LoadFailed, SettingsSection, smallButton } from './SettingsSection';

/**
 * One session: the one this page runs in is "This device" (the browser's name goes below),
 * the others are named by their browser; then the address and when it was last used.
 */
function SessionRow({ session, revoking, onRevoke }: { session: AccountSession; revoking: boolean; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="session" data-current={session.current || undefined}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Monitor aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="min-w-0">
          <p className="font-medium break-words text-fg" data-testid="session-device">
            {session.current ? 'This device' : session.device}
          </p>
          <p className="text-sm break-words text-muted" data-testid="session-details">
            {session.current && `${session.device} · `}
            {session.ipAddress ?? 'Unknown IP address'} · Last active{' '}
            <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
              {lastActiveText(session.lastSeenAt)}
            </time>
          </p>
        </div>
      </div>
      {!session.current && (
        <button type="button" disabled={revoking} onClick={onRevoke} className={`${secondaryButton} ${smallButton}`}>
          Sign out<span className="sr-only"> of {session.device}</span>
        </button>
      )}
    </li>
  );
}

/** Where the account is signed in: each other session can be ended, or all of them at once. */
export function SessionsSection() {
  const query = useQuery(sessionsQuery);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const sessions = query.data?.sessions;
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <SettingsSection {...SETTINGS_SECTIONS.sessions} description="The browsers and devices signed in to your account." testId="settings-sessions">
      {sessions ? (
        <>
          <ul className="divide-y divide-line" data-testid="session-list">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                revoking={revoke.isPending && revoke.variables === session.id}
                onRevoke={() => revoke.mutate(session.id)}
              />
            ))}
          </ul>
          {others > 0 && (
            <button type="button" disabled={revokeOthers.isPending} onClick={() => revokeOthers.mutate()} className={`${secondaryButton} mt-4`}>
              Sign out of all other sessions
            </button>
          )}
        </>
      ) : query.isError ? (
        <LoadFailed what="Your sessions" onRetry={() => void query.refetch()} />
      ) : undefined}
    </SettingsSection>
  );
}
