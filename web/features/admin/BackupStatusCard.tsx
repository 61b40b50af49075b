import { useQuery } from '@tanstack/react-query';
import { ArchiveRestore, TriangleAlert } from 'lucide-react';
import { BACKUP_TEXTS, failedSinceLastSuccess, formatBytes, type BackupStatus } from '@common/backups/backups';
import { LoadError } from '../../components/LoadError';
import { card } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { backupStatusQuery } from './api';

function Details({ status }: { status: BackupStatus }) {
  const failed = failedSinceLastSuccess(status);
  return (
    <div className="mt-3 flex flex-col gap-3 text-sm">
      {status.lastFailure && failed ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="backup-failure">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 break-words">
            <strong>{BACKUP_TEXTS.lastFailure}</strong> {formatDateTime(status.lastFailure.at)}: {status.lastFailure.reason}
          </p>
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted">{BACKUP_TEXTS.lastSuccess}</dt>
        <dd className="min-w-0 break-words text-fg" data-testid="backup-last-success">
          {status.lastSuccess
            ? `${formatDateTime(status.lastSuccess.at)} · ${status.lastSuccess.file} · ${formatBytes(status.lastSuccess.bytes)}`
            : BACKUP_TEXTS.none}
        </dd>
        {status.scheduled && status.nextDueAt ? (
          <>
            <dt className="text-muted">{BACKUP_TEXTS.nextDue}</dt>
            <dd className="text-fg">{formatDateTime(status.nextDueAt)}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The admin dashboard's word on backups: whether they are scheduled, the last good one, and a failure since. */
export function BackupStatusCard() {
  const { data, isPending, refetch } = useQuery(backupStatusQuery);
  return (
    <section aria-labelledby="backups-heading" className={card} data-testid="backup-status">
      <h2 id="backups-heading" className="flex items-center gap-2 text-xl font-semibold text-fg">
        <ArchiveRestore aria-hidden className="size-5 text-accent-ink" />
        {BACKUP_TEXTS.title}
      </h2>
      {isPending ? (
        <p role="status" className="mt-2 text-muted">
          Loading…
        </p>
      ) : data ? (
        <>
          <p className="mt-2 text-muted">{data.scheduled ? BACKUP_TEXTS.every(data.intervalHours, data.keep) : BACKUP_TEXTS.off}</p>
          <Details status={data} />
        </>
      ) : (
        <div className="mt-3">
          <LoadError message={BACKUP_TEXTS.loadFailed} onRetry={() => void refetch()} />
        </div>
      )}
    </section>
  );
}
