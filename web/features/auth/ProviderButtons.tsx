import { useState } from 'react';
import type { AuthConfig } from '@common/shared/api';
import { secondaryButton } from '../../components/ui';
import { FormError } from '../../components/FormField';
import { startOAuthSignIn, type OAuthProviderId } from '../../lib/sign-in';
import { errorMessage } from '../../lib/errors';

const PROVIDERS: { id: OAuthProviderId; label: string }[] = [
  { id: 'google', label: 'Continue with Google' },
  { id: 'microsoft', label: 'Continue with Microsoft' },
];

/** Only providers the server has configured get a button. */
export function ProviderButtons({ providers, next, invite }: { providers: AuthConfig['providers']; next: string; invite?: string }) {
  const [starting, setStarting] = useState<OAuthProviderId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const available = PROVIDERS.filter((provider) => providers[provider.id]);
  if (available.length === 0) return null;

  const start = async (id: OAuthProviderId) => {
    setError(null);
    setStarting(id);
    try {
      await startOAuthSignIn(id, next, invite);
    } catch (failure) {
      setError(errorMessage(failure));
      setStarting(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {available.map((provider) => (
        <button
          key={provider.id}
          type="button"
          disabled={starting !== null}
          onClick={() => void start(provider.id)}
          className={`${secondaryButton} w-full`}
        >
          {provider.label}
        </button>
      ))}
      <FormError message={error} />
      <p className="flex items-center gap-3 text-xs text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        or
      </p>
    </div>
  );
}
