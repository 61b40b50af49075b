import { auditDetailParts, type AuditEntry } from '@common/admin/admin';
import { formatDateTime } from '../../lib/format';

const LEVEL_STYLES: Record<string, string> = {
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};
const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold';

function SourceBadge({ entry }: { entry: AuditEntry }) {
  return <span className={`${badge} ${entry.source === 'admin' ? 'bg-accent-soft text-accent-soft-ink' : 'bg-subtle text-muted'}`}>{entry.source === 'admin' ? 'Admin' : 'System'}</span>;
}

function LevelBadge({ level }: { level: string }) {
  const style = LEVEL_STYLES[level];
  return style ? <span className={`${badge} ${style}`}>{level}</span> : null;
}

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.user) return <span className="text-muted">—</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate text-fg">{entry.user.displayName || entry.user.email}</span>
      {entry.user.displayName && <span className="truncate text-xs text-muted">{entry.user.email}</span>}
    </span>
  );
}

/** What the entry keeps, in words ("reason: …"), an error's message first; values as stored (already redacted). */
function Details({ entry }: { entry: AuditEntry }) {
  const parts = [...(entry.message ? [{ label: 'message', value: entry.message }] : []), ...auditDetailParts(entry.details)];
  if (parts.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" data-testid="audit-details">
      {parts.map((part, i) => (
        <li key={`${part.label}-${i}`} className="break-words">
          <span className="text-muted">{part.label}:</span> <span className="text-fg">{part.value}</span>
        </li>
      ))}
    </ul>
  );
}

function TypeAndAction({ entry }: { entry: AuditEntry }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium break-all text-fg">{entry.type}</span>
      {entry.action && <span className="text-xs text-muted">{entry.action}</span>}
    </span>
  );
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';
const td = 'px-3 py-3 align-top text-sm';

/** The entries as a table on wide screens and as cards on phones (only one of the two is displayed). */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-surface md:block">
        <table className="w-full table-fixed" data-testid="audit-table">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead className="border-b border-line bg-subtle">
            <tr>
              <th scope="col" className={`${th} w-44`}>Time</th>
              <th scope="col" className={`${th} w-24`}>Source</th>
              <th scope="col" className={`${th} w-44`}>Type</th>
              <th scope="col" className={`${th} w-48`}>User</th>
              <th scope="col" className={`${th} w-44`}>Target</th>
              <th scope="col" className={th}>Details</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={`${entry.source}-${entry.id}`} data-testid="audit-entry">
                <td className={`${td} text-muted`}>
                  <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                </td>
                <td className={td}>
                  <span className="flex flex-wrap gap-1">
                    <SourceBadge entry={entry} />
                    <LevelBadge level={entry.level} />
                  </span>
                </td>
                <td className={td}>
                  <TypeAndAction entry={entry} />
                </td>
                <td className={td}>
                  <Who entry={entry} />
                </td>
                <td className={`${td} break-all text-fg`}>{entry.target ?? <span className="text-muted">—</span>}</td>
                <td className={td}>
                  <Details entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Audit log entries, newest first">
        {entries.map((entry) => (
          <li key={`${entry.source}-${entry.id}`} data-testid="audit-entry" className="rounded-xl border border-line bg-surface p-4 shadow-sm">
            <div className="flex flex-wrap items-center gap-2">
              <SourceBadge entry={entry} />
              <LevelBadge level={entry.level} />
              <time dateTime={entry.timestamp} className="ml-auto text-xs text-muted">
                {formatDateTime(entry.timestamp)}
              </time>
            </div>
            <div className="mt-2">
              <TypeAndAction entry={entry} />
            </div>
            <dl className="mt-3 grid grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted">User</dt>
              <dd className="min-w-0">
                <Who entry={entry} />
              </dd>
              <dt className="text-muted">Target</dt>
              <dd className="min-w-0 break-all text-fg">{entry.target ?? '—'}</dd>
              <dt className="text-muted">Details</dt>
              <dd className="min-w-0">
                <Details entry={entry} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
