import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, RotateCcw, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import {
  ACTION_TAKEN,
  CASE_ACTIONS,
  CASE_ACTION_LABELS,
  CASE_OUTCOME_LABELS,
  GRACE_DAYS,
  REPORT_CATEGORY_LABELS,
  REPORT_TEXTS,
  type CaseAction,
  type CaseDetail,
  type CaseOutcome,
} from '@common/moderation/moderation';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, focusRing, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { isApiError } from '../../lib/api';
import { formatDateTime, plural } from '../../lib/format';
import { ActionHistory } from './ActionHistory';
import { caseDetailQuery, isConflict, useAssignCase, useCaseAction, useReopenCase, useResolveCase } from './api';
import { ACTION_HISTORY_LABELS, CaseStatusBadge, TargetType, UserStatusBadge, pill } from './badges';
import { ReasonDialog, type ReasonChoice } from './ReasonDialog';
import { Snapshot } from './Snapshot';

const ACTION_HINTS: Record<CaseAction, string> = {
  dismiss: 'No violation: the reporters are told so when the report is resolved.',
  remove: 'Removes the reported content. The snapshot stays here as evidence.',
  warn: 'The person sees this reason as a warning and gets a notification.',
  limit: "Their stories leave community and the feeds of people who don't follow them; they cannot start conversations.",
  suspend: `They cannot sign in and their sessions end now; their content is hidden. Reversible for ${GRACE_DAYS} days.`,
};

/**
 * The resolve dialog's outcome: "No violation" or "Action taken", never chosen for the admin.
 * Only the one that fits what was done can be picked (the server refuses the other), and each
 * says why; with no action applied, "Action taken" says how to take one.
 */
export function outcomeChoice(taken: readonly string[] | null): ReasonChoice<CaseOutcome> {
  const list = taken?.join(', ');
  return {
    legend: 'Outcome',
    required: REPORT_TEXTS.outcomeRequired,
    options: [
      {
        value: 'dismissed',
        label: CASE_OUTCOME_LABELS.dismissed,
        hint: taken?.length ? `Not available: actions were taken (${list}).` : `The reporters are told: “${REPORT_TEXTS.noViolation}”`,
        disabled: Boolean(taken?.length),
      },
      {
        value: 'action',
        label: CASE_OUTCOME_LABELS.action,
        hint:
          taken === null
            ? `For reports already acted on. The reporters are told: “${REPORT_TEXTS.tookAction}”`
            : taken.length
              ? `${list}. The reporters are told: “${REPORT_TEXTS.tookAction}”, never what was done.`
              : 'Not available yet: apply Remove content, Warn, Limit or Suspend first.',
        disabled: taken !== null && taken.length === 0,
      },
    ],
  };
}

/** The labels of the actions taken on a case (what "Action taken" stands for), each once. */
function actionsTaken(detail: CaseDetail): string[] {
  const taken = detail.actions.filter((a) => (ACTION_TAKEN as readonly string[]).includes(a.action)).map((a) => ACTION_HISTORY_LABELS[a.action]);
  return [...new Set(taken)];
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-3 border-t border-line pt-4" data-testid={testId}>
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

interface CaseDetailPanelProps {
  id: string;
  /** Phones: back to the list. */
  onBack: () => void;
  onOpenCase: (id: string) => void;
  /** Reopened: the queue shows the open reports, this one among them. */
  onReopened: (id: string) => void;
}

/** One queue item in full: the evidence, the reports, the person's history, and what can be done. */
export function CaseDetailPanel({ id, onBack, onOpenCase, onReopened }: CaseDetailPanelProps) {
  const { data, isPending, error, refetch } = useQuery(caseDetailQuery(id));
  return (
    <article className={`${card} flex flex-col gap-4 p-4 sm:p-6`} aria-labelledby="case-heading" data-testid="case-detail">
      <button type="button" onClick={onBack} className={`${secondaryButton} self-start px-3 py-1.5 lg:hidden`}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to reports
      </button>
      {isPending ? (
        <CenteredSpinner />
      ) : data ? (
        <CaseBody detail={data} onOpenCase={onOpenCase} onReopened={onReopened} />
      ) : (
        <LoadError message={isApiError(error) && error.status === 404 ? 'This report no longer exists.' : 'Could not load this report.'} onRetry={() => void refetch()} />
      )}
    </article>
  );
}

function CaseBody({ detail, onOpenCase, onReopened }: { detail: CaseDetail; onOpenCase: (id: string) => void; onReopened: (id: string) => void }) {
  const { user } = useCurrentUser();
  const [action, setAction] = useState<CaseAction | null>(null);
  const [closing, setClosing] = useState<'resolve' | 'reopen' | null>(null);
  const assign = useAssignCase();
  const apply = useCaseAction();
  const resolve = useResolveCase();
  const reopen = useReopenCase();
  const open = detail.status === 'open';
  const busy = assign.isPending || apply.isPending || resolve.isPending || reopen.isPending;
  const assignedToMe = detail.assignedTo?.uid === user?.uid;
  const resolution = detail.actions.findLast((a) => a.action === 'resolve');
  // The case changed under the admin: the dialog's premise is gone, the refetched case shows why.
  const closeOnConflict = (error: Error) => isConflict(error) && setClosing(null);

  return (
    <>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <TargetType type={detail.targetType} />
          <CaseStatusBadge item={detail} />
        </div>
        <h2 id="case-heading" className="text-xl font-bold break-words text-fg">
          Report on{' '}
          <Link to={`/admin/users/${encodeURIComponent(detail.target.uid)}`} className={textLink} data-testid="case-target-link">
            {detail.target.name}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          {plural(detail.reportsCount, 'reporter')} · opened <time dateTime={detail.created_at}>{formatDateTime(detail.created_at)}</time>
          {detail.assignedTo && <> · assigned to {assignedToMe ? 'you' : detail.assignedTo.name}</>}
        </p>
      </header>

      {open && (
        <div className="flex flex-col gap-3 rounded-lg bg-subtle p-3" data-testid="case-actions">
          <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
            {CASE_ACTIONS.map((a) => (
              <button
                key={a}
                type="button"
                className={`${secondaryButton} px-3 py-1.5 ${a === 'suspend' ? 'text-red-700 dark:text-red-300' : ''}`}
                disabled={busy}
                onClick={() => setAction(a)}
                data-testid={`case-action-${a}`}
              >
                {CASE_ACTION_LABELS[a]}
              </button>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            {!assignedToMe && (
              <button
                type="button"
                className={`${secondaryButton} px-3 py-1.5`}
                disabled={busy}
                onClick={() => assign.mutate({ id: detail.id, version: detail.version })}
                data-testid="assign-to-me"
              >
                <UserCheck aria-hidden className="size-4" />
                Assign to me
              </button>
            )}
            <button type="button" className={`${primaryButton} px-3 py-1.5`} disabled={busy} onClick={() => setClosing('resolve')} data-testid="resolve-case">
              <CheckCircle2 aria-hidden className="size-4" />
              Resolve…
            </button>
          </div>
        </div>
      )}

      {!open && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-subtle p-3" data-testid="case-resolution">
          <p className="min-w-0 text-sm text-fg">
            {resolution ? (
              <>
                Resolved as <strong>{resolution.outcome ? CASE_OUTCOME_LABELS[resolution.outcome] : 'resolved'}</strong> by {resolution.admin.name}
                {resolution.reason && <span className="break-words">: {resolution.reason}</span>}
              </>
            ) : (
              'Resolved.'
            )}
          </p>
          <button type="button" className={`${secondaryButton} px-3 py-1.5`} disabled={busy} onClick={() => setClosing('reopen')} data-testid="reopen-case">
            <RotateCcw aria-hidden className="size-4" />
            Reopen…
          </button>
        </div>
      )}

      <Section title="Reported content">
        <Snapshot detail={detail} />
      </Section>

      <Section title={`Reports (${detail.reports.length})`} testId="case-reports">
        <ul className="flex flex-col gap-3">
          {detail.reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-1" data-testid="case-report">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold break-all text-fg">{report.reporter.name}</span>
                {report.reporter.kind === 'server' && (
                  <span className={`${pill} bg-subtle text-fg`} data-testid="report-from-server">
                    {REPORT_TEXTS.fromServer(report.reporter.server)}
                  </span>
                )}
                <span className={`${pill} bg-accent-soft text-accent-soft-ink`}>{REPORT_CATEGORY_LABELS[report.category]}</span>
                <time dateTime={report.created_at} className="text-xs text-muted">
                  {formatDateTime(report.created_at)}
                </time>
              </p>
              {report.note && <p className="text-sm break-words whitespace-pre-wrap text-fg">{report.note}</p>}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Actions on this report">
        <ActionHistory actions={detail.actions} empty="None yet." testId="case-action-history" />
      </Section>

      <Section title="The reported person">
        <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
          <Link to={`/admin/users/${encodeURIComponent(detail.target.uid)}`} className={textLink}>
            {detail.target.name}
          </Link>
          <UserStatusBadge status={detail.targetStatus} />
        </p>
        <h4 className="text-sm font-semibold text-fg">Earlier reports</h4>
        {detail.earlierCases.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {detail.earlierCases.map((earlier) => (
              <li key={earlier.id}>
                <button type="button" onClick={() => onOpenCase(earlier.id)} className={`flex w-full flex-wrap items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-subtle ${focusRing}`}>
                  <TargetType type={earlier.targetType} />
                  <span className="min-w-0 flex-1 truncate text-fg">{earlier.excerpt}</span>
                  <CaseStatusBadge item={earlier} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <h4 className="text-sm font-semibold text-fg">Account actions</h4>
        <ActionHistory actions={detail.accountActions} empty="None." />
      </Section>

      <ReasonDialog
        open={action !== null}
        onOpenChange={(next) => !next && setAction(null)}
        title={action ? `${CASE_ACTION_LABELS[action]} · ${detail.target.name}` : ''}
        description={action ? ACTION_HINTS[action] : ''}
        submitLabel={action ? CASE_ACTION_LABELS[action] : ''}
        tone={action === 'suspend' || action === 'remove' ? 'danger' : 'default'}
        pending={apply.isPending}
        onSubmit={({ reason }) => {
          if (!action) return;
          apply.mutate(
            { id: detail.id, action, reason, version: detail.version },
            {
              onSuccess: () => setAction(null),
              // The case changed under the admin: the dialog's premise is gone, the refetched case shows why.
              onError: (error) => isConflict(error) && setAction(null),
            },
          );
        }}
      />

      <ReasonDialog<CaseOutcome>
        open={closing === 'resolve'}
        onOpenChange={(next) => !next && setClosing(null)}
        title={`Resolve · report on ${detail.target.name}`}
        description="Say what you concluded and why. Every reporter hears the outcome; the reason stays with the report and in the audit log."
        submitLabel="Resolve"
        pending={resolve.isPending}
        choice={outcomeChoice(actionsTaken(detail))}
        onSubmit={({ reason, choice }) => {
          if (!choice) return;
          resolve.mutate({ id: detail.id, version: detail.version, outcome: choice, reason }, { onSuccess: () => setClosing(null), onError: closeOnConflict });
        }}
      />

      <ReasonDialog
        open={closing === 'reopen'}
        onOpenChange={(next) => !next && setClosing(null)}
        title={`Reopen · report on ${detail.target.name}`}
        description="The report goes back to the open queue with its history. Reporters are told again when it is resolved."
        submitLabel="Reopen"
        pending={reopen.isPending}
        onSubmit={({ reason }) =>
          reopen.mutate(
            { id: detail.id, version: detail.version, reason },
            {
              onSuccess: () => {
                setClosing(null);
                onReopened(detail.id);
              },
              onError: closeOnConflict,
            },
          )
        }
      />
    </>
  );
}
