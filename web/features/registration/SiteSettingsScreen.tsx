import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { REGISTRATION_MODES, REGISTRATION_MODE_LABELS, inviteLink, type Invite, type RegistrationMode, type RegistrationSettings } from '@common/registration/registration';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, focusRing, inputField, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { useToast } from '../../components/toasts/toast-context';
import { formatDate, formatDateTime, plural } from '../../lib/format';
import { invitesQuery, registrationSettingsQuery, useCreateInvite, useRevokeInvite, useSaveRegistration } from './api';

/** /admin/settings: site settings; for now who may join: the mode, blocked domains and invite links. */
export function SiteSettingsScreen() {
  const settings = useQuery(registrationSettingsQuery);
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-6">
      <title>Site settings · Drabble</title>
      <div>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          Site settings
        </h1>
        <p className="mt-1 text-muted">Who may join this site. Every change is recorded in the <Link to="/admin/audit" className={textLink}>audit log</Link>.</p>
      </div>
      {settings.isPending ? (
        <CenteredSpinner />
      ) : settings.data ? (
        // Keyed by what is stored, so the form starts again from a fresh answer.
        <RegistrationForm key={JSON.stringify(settings.data)} saved={settings.data} />
      ) : (
        <LoadError message="Could not load the site settings." onRetry={() => void settings.refetch()} />
      )}
      <Invites />
    </section>
  );
}

function RegistrationForm({ saved }: { saved: RegistrationSettings }) {
  const [mode, setMode] = useState<RegistrationMode>(saved.mode);
  const [domains, setDomains] = useState(saved.blockedDomains.join('\n'));
  const save = useSaveRegistration();
  const domainsId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ mode, blockedDomains: domains.split(/[\s,]+/).filter(Boolean) });
  };
  return (
    <form onSubmit={submit} className={`${card} flex flex-col gap-5 p-4 sm:p-6`} aria-labelledby="registration-heading" data-testid="registration-settings">
      <h2 id="registration-heading" className="text-xl font-semibold text-fg">
        Registration
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-fg">Who can create an account</legend>
        {REGISTRATION_MODES.map((value) => (
          <label
            key={value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${mode === value ? 'border-accent-500 bg-accent-soft' : 'border-line'} has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500`}
          >
            <input type="radio" name="registration-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="mt-1 accent-accent-700" />
            <span className="flex flex-col">
              <span className="font-semibold text-fg">{REGISTRATION_MODE_LABELS[value].label}</span>
              <span className="text-sm text-muted">{REGISTRATION_MODE_LABELS[value].hint}</span>
            </span>
          </label>
        ))}
        <p className="text-xs text-muted">People who already have an account are not affected.</p>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={domainsId} className="text-sm font-semibold text-fg">
          Blocked email domains
        </label>
        <p id={`${domainsId}-hint`} className="text-xs text-muted">
          One per line. Subdomains are blocked too. Sign-ups and email changes with these addresses are refused without saying why.
        </p>
        <textarea
          id={domainsId}
          aria-describedby={`${domainsId}-hint`}
          rows={5}
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
          placeholder="spam.example"
          spellCheck={false}
          autoCapitalize="none"
          className={`${inputField} font-mono`}
        />
      </div>
      <div>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save registration settings'}
        </button>
      </div>
    </form>
  );
}

const STATE_TONES: Record<Invite['state'], string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  'used up': 'bg-subtle text-fg',
  expired: 'bg-subtle text-fg',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

function Invites() {
  const invites = useQuery(invitesQuery);
  return (
    <section aria-labelledby="invites-heading" className={`${card} flex flex-col gap-5 p-4 sm:p-6`} data-testid="invites">
      <div>
        <h2 id="invites-heading" className="text-xl font-semibold text-fg">
          Invite links
        </h2>
        <p className="mt-1 text-sm text-muted">In invite-only mode, creating an account needs one of these links. Anyone with a link can use it until it is used up, expires or is revoked.</p>
      </div>
      <CreateInviteForm />
      {invites.isPending ? (
        <CenteredSpinner />
      ) : !invites.data ? (
        <LoadError message="Could not load the invite links." onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <EmptyState icon={<Link2 aria-hidden className="size-6" />} title="No invite links yet." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Invite links" data-testid="invite-list">
          {invites.data.map((invite) => (
            <li key={invite.id}>
              <InviteRow invite={invite} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateInviteForm() {
  const [uses, setUses] = useState('');
  const [days, setDays] = useState('');
  const create = useCreateInvite();
  const usesId = useId();
  const daysId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { maxUses: uses ? Number(uses) : null, expiresInDays: days ? Number(days) : null },
      {
        onSuccess: () => {
          setUses('');
          setDays('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="New invite link" data-testid="create-invite">
      <div className="flex flex-col gap-1">
        <label htmlFor={usesId} className="text-sm font-semibold text-fg">
          Uses (optional)
        </label>
        <input id={usesId} type="number" inputMode="numeric" min={1} max={10000} placeholder="No limit" value={uses} onChange={(e) => setUses(e.target.value)} className={`${inputField} sm:w-36`} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={daysId} className="text-sm font-semibold text-fg">
          Expires after days (optional)
        </label>
        <input id={daysId} type="number" inputMode="numeric" min={1} max={365} placeholder="Never" value={days} onChange={(e) => setDays(e.target.value)} className={`${inputField} sm:w-44`} />
      </div>
      <button type="submit" className={primaryButton} disabled={create.isPending}>
        <Link2 aria-hidden className="size-4" />
        Create invite link
      </button>
    </form>
  );
}

function InviteRow({ invite }: { invite: Invite }) {
  const revoke = useRevokeInvite();
  const { toast } = useToast();
  const link = inviteLink(window.location.origin, invite.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast('Invite link copied', 'success');
    } catch {
      toast('Could not copy the link. Select it and copy it yourself.', 'error');
    }
  };
  const limits = [
    invite.maxUses === null ? `${plural(invite.uses, 'sign-up')}, no limit` : `${invite.uses} of ${plural(invite.maxUses, 'use')}`,
    invite.expiresAt ? `${invite.state === 'expired' ? 'expired' : 'expires'} ${formatDateTime(invite.expiresAt)}` : 'never expires',
  ];
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="invite-row" data-state={invite.state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[invite.state]}`}>{invite.state === 'used up' ? 'Used up' : invite.state[0]!.toUpperCase() + invite.state.slice(1)}</span>
        <span className="text-xs text-muted">
          Created {formatDate(invite.createdAt)} by {invite.createdBy.displayName}
        </span>
      </div>
      <code className="block rounded bg-subtle px-2 py-1 text-xs break-all text-fg" data-testid="invite-link">
        {link}
      </code>
      <p className="text-sm text-fg">{limits.join(' · ')}</p>
      {invite.joined.length > 0 && (
        <p className="text-sm text-muted" data-testid="invite-joined">
          Joined:{' '}
          {invite.joined.map((person, i) => (
            <span key={person.uid}>
              {i > 0 && ', '}
              <Link to={`/admin/users/${encodeURIComponent(person.uid)}`} className={textLink}>
                {person.displayName}
              </Link>
            </span>
          ))}
        </p>
      )}
      {invite.state !== 'revoked' && (
        <div className="flex flex-wrap gap-2">
          {invite.state === 'active' && (
            <button type="button" className={`${secondaryButton} px-3 py-1.5`} onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              Copy link
            </button>
          )}
          <button
            type="button"
            className={`${secondaryButton} px-3 py-1.5 text-red-700 dark:text-red-300 ${focusRing}`}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(invite.id)}
            data-testid="revoke-invite"
          >
            <Link2Off aria-hidden className="size-4" />
            Revoke
          </button>
        </div>
      )}
    </article>
  );
}
