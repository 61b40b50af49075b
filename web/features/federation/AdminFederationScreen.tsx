import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DOMAIN_POLICIES, FEDERATION_TEXTS, REMOTE_REPORT_REASON_MAX, domainNameSchema, remoteReportSchema } from '@common/federation/federation';
import { CountedTextarea } from '../../components/CountedTextarea';
import { ErrorText } from '../../components/ErrorText';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, inputField, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { formErrorMessage } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { federationAdminQuery, useRemoveDomainRule, useReportRemoteAccount, useSetDomainRule } from './api';

const MODE_LABELS = { block: 'Block', silence: 'Silence' } as const;
const MODE_HINTS = {
  block: 'Nothing is delivered there or accepted from there; its followers are removed.',
  silence: 'Its people can follow and read; their replies are held.',
} as const;

function DomainForm() {
  const domainId = useId();
  const [mode, setMode] = useState<'block' | 'silence'>('block');
  const save = useSetDomainRule();
  const form = useSchemaForm(domainNameSchema, {
    initial: { domain: '' },
    input: ({ domain }) => domain,
    fallback: 'Write a domain name.',
    soleField: 'domain',
    clearOnEdit: false,
    onSubmit: (domain) => save.mutate({ domain, mode }, { onSuccess: () => form.setValue('domain', '') }),
  });
  return (
    <form onSubmit={form.submit} className="flex flex-col gap-3" noValidate data-testid="domain-form">
      <div>
        <label htmlFor={domainId} className="text-sm font-semibold text-fg">
          Domain
        </label>
        <input
          id={domainId}
          className={`${inputField} mt-1`}
          {...form.field('domain')}
          placeholder="bad.example"
          autoComplete="off"
          spellCheck={false}
        />
        {form.error && (
          <ErrorText id={form.errorId} className="mt-1">
            {form.error}
          </ErrorText>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-fg">What to do</legend>
        <div className="mt-1 flex flex-col gap-1">
          {DOMAIN_POLICIES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-fg">
              <input type="radio" name="domain-mode" className="mt-0.5 size-4 accent-accent-700" checked={mode === value} onChange={() => setMode(value)} />
              <span>
                <span className="font-medium">{MODE_LABELS[value]}</span> <span className="text-muted">{MODE_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

/** Reports an account elsewhere to its own server's moderators (a Flag from this site), with what came of it. */
function ReportAccountForm() {
  const accountId = useId();
  const reasonId = useId();
  const accountErrorId = useId();
  const reasonErrorId = useId();
  const [outcome, setOutcome] = useState<{ sent: boolean; message: string } | null>(null);
  const send = useReportRemoteAccount();
  // Each field shows its own refusal under it (its own id), not one sentence for the form.
  const form = useSchemaForm(remoteReportSchema, {
    initial: { account: '', reason: '' },
    clearOnEdit: false,
    markFields: false,
    onSubmit: (report) =>
      send.mutate(report, {
        onSuccess: (sent) => {
          form.setValues({ account: '', reason: '' });
          setOutcome({ sent: true, message: FEDERATION_TEXTS.reportSent(sent.handle, sent.domain) });
        },
        onError: (error) => setOutcome({ sent: false, message: formErrorMessage(error) }),
      }),
  });
  const problems = form.errors;
  const submit = (event: FormEvent) => {
    setOutcome(null);
    form.submit(event);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="report-account-form">
      <p className="text-sm text-muted">{FEDERATION_TEXTS.reportHelp}</p>
      <div>
        <label htmlFor={accountId} className="text-sm font-semibold text-fg">
          {FEDERATION_TEXTS.reportAccountLabel}
        </label>
        <input
          id={accountId}
          className={`${inputField} mt-1`}
          value={form.values.account}
          onChange={(event) => form.setValue('account', event.target.value)}
          placeholder={FEDERATION_TEXTS.reportAccountPlaceholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problems.account ? true : undefined}
          aria-describedby={problems.account ? accountErrorId : undefined}
        />
        {problems.account && (
          <ErrorText id={accountErrorId} className="mt-1">
            {problems.account}
          </ErrorText>
        )}
      </div>
      <CountedTextarea
        id={reasonId}
        label={FEDERATION_TEXTS.reportReasonLabel}
        value={form.values.reason}
        onValue={(value) => form.setValue('reason', value)}
        max={REMOTE_REPORT_REASON_MAX}
        rows={3}
        aria-invalid={problems.reason ? true : undefined}
        aria-describedby={problems.reason ? reasonErrorId : undefined}
      >
        {problems.reason && <ErrorText id={reasonErrorId}>{problems.reason}</ErrorText>}
      </CountedTextarea>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          {FEDERATION_TEXTS.reportSubmit}
        </button>
        {/* Always there, so a screen reader hears what fills it. */}
        <p role="status" className="text-sm font-medium text-fg" data-testid="report-account-sent">
          {outcome?.sent ? outcome.message : ''}
        </p>
      </div>
      {outcome && !outcome.sent && <ErrorText data-testid="report-account-error">{outcome.message}</ErrorText>}
    </form>
  );
}

/** /admin/federation: other servers this one blocks or silences, and how deliveries are going. */
export function AdminFederationScreen() {
  const overview = useQuery(federationAdminQuery);
  const remove = useRemoveDomainRule();
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-6" data-testid="admin-federation">
      <title>Federation · Drabble</title>
      <div>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          Federation
        </h1>
        <p className="mt-1 text-muted">
          Other fediverse servers: which ones this site blocks or silences, and how deliveries to them are going. Every change is recorded in the{' '}
          <Link to="/admin/audit" className={textLink}>
            audit log
          </Link>
          .
        </p>
      </div>
      {overview.isPending ? (
        <CenteredSpinner />
      ) : overview.isError ? (
        <LoadError message="Could not load the federation settings." onRetry={() => void overview.refetch()} />
      ) : !overview.data.enabled ? (
        <p className={`${card} text-muted`}>Federation is off on this server (FEDERATION=off).</p>
      ) : (
        <>
          <div className={`${card} grid grid-cols-2 gap-4 sm:grid-cols-4`} data-testid="federation-health">
            {[
              ['Followers elsewhere', overview.data.health.remoteFollowers],
              ['Deliveries waiting', overview.data.health.ready],
              ['Waiting to retry', overview.data.health.delayed],
              ['Servers with failures (7 days)', overview.data.health.failures.length],
            ].map(([label, value]) => (
              <div key={label}>
                <p className="text-sm text-muted">{label}</p>
                <p className="text-2xl font-semibold text-fg">{formatNumber(Number(value))}</p>
              </div>
            ))}
          </div>
          {overview.data.health.failures.length > 0 && (
            <div className={card}>
              <h2 className="text-xl font-semibold text-fg">Failed deliveries</h2>
              <ul className="mt-2 divide-y divide-line">
                {overview.data.health.failures.map((f) => (
                  <li key={f.domain} className="py-2 text-sm">
                    <span className="font-medium text-fg">{f.domain}</span> <span className="text-muted">· {formatNumber(f.count)} failed · last {formatDate(f.lastAt)}: {f.lastError}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={`${card} flex flex-col gap-4`}>
            <h2 className="text-xl font-semibold text-fg">Blocked and silenced servers</h2>
            <DomainForm />
            {overview.data.domains.length === 0 ? (
              <p className="text-sm text-muted">No server is blocked or silenced.</p>
            ) : (
              <ul className="divide-y divide-line" data-testid="domain-rules">
                {overview.data.domains.map((d) => (
                  <li key={d.domain} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-fg">{d.domain}</p>
                      <p className="text-sm text-muted">
                        {d.mode === 'block' ? 'Blocked' : 'Silenced'} since {formatDate(d.since)}
                      </p>
                    </div>
                    <button type="button" className={`${secondaryButton} px-3 py-1.5`} disabled={remove.isPending} onClick={() => remove.mutate(d.domain)}>
                      Lift
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={`${card} flex flex-col gap-4`}>
            <h2 className="text-xl font-semibold text-fg">{FEDERATION_TEXTS.reportHeading}</h2>
            <ReportAccountForm />
          </div>
        </>
      )}
    </section>
  );
}
