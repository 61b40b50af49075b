import { useState } from 'react';
import { Link2, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AccountOverview, ConnectedProvider } from '@common/account/account';
import { iconButton, secondaryButton } from '../../components/ui';
import { FormError } from '../../components/FormField';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { providerConnectError, providerFromParam } from '../auth';
import { useConnectProvider, useDisconnectProvider } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection, smallButton } from './SettingsSection';

/** A refused connection comes back as /settings?provider=<id>&error=<code>. */
function ConnectError() {
  const [params, setParams] = useSearchParams();
  const code = params.get('error');
  if (code === null) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('provider');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mb-4 flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <FormError message={providerConnectError(providerFromParam(params.get('provider')), code)} />
      </div>
      <button type="button" aria-label="Dismiss" onClick={dismiss} className={`${iconButton} shrink-0`}>
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

function ProviderRow({ provider }: { provider: ConnectedProvider }) {
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectProvider();
  const disconnect = useDisconnectProvider();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid={`provider-${provider.id}`}>
      <div className="min-w-0">
        <p className="font-medium text-fg">{provider.label}</p>
        <p className="text-sm text-muted">{provider.connected ? 'Connected' : 'Not connected'}</p>
      </div>
      {provider.connected ? (
        <>
          <button type="button" disabled={disconnect.isPending} onClick={() => setConfirming(true)} className={`${secondaryButton} ${smallButton}`}>
            Disconnect<span className="sr-only"> {provider.label}</span>
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Disconnect ${provider.label}?`}
            description={`You will no longer be able to sign in with ${provider.label}.`}
            confirmLabel="Disconnect"
            tone="danger"
            onConfirm={() => disconnect.mutate(provider.id)}
          />
        </>
      ) : (
        <button type="button" disabled={connect.isPending} onClick={() => connect.mutate(provider.id)} className={`${secondaryButton} ${smallButton}`}>
          <Link2 aria-hidden className="size-4" />
          Connect<span className="sr-only"> {provider.label}</span>
        </button>
      )}
    </li>
  );
}

/** Google and Microsoft: only those the server can use, plus any still connected. */
export function ConnectedAccountsSection({ account }: { account: AccountOverview }) {
  const shown = account.providers.filter((provider) => provider.configured || provider.connected);
  return (
    <SettingsSection {...SETTINGS_SECTIONS.providers} description="Sign in to Drabble with these accounts as well as your email address." testId="settings-providers">
      <ConnectError />
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No sign-in providers are available.</p>
      ) : (
        <ul className="divide-y divide-line">
          {shown.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
