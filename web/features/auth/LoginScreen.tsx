import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT } from '@common/limits';
import { card } from '../../components/ui';
import { FormError } from '../../components/FormField';
import { useCurrentUser, useRefreshCurrentUser } from '../../lib/auth';
import { authConfigQueryOptions } from '../../lib/sign-in';
import { SIGN_IN_RETURN, safeNextPath } from '../../lib/safe-next';
import { ACCOUNT_NOT_LOADED_MESSAGE } from './auth-form';
import { AuthTabs, panelId, tabId, type AuthMode } from './AuthTabs';
import { providerFromParam, providerSignInError } from './provider-errors';
import { ProviderButtons } from './ProviderButtons';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

const NO_PROVIDERS = { google: false, microsoft: false };

export function LoginScreen() {
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  // A provider sign-in that came back refused: /login?provider=<id>&error=<code>.
  const providerError = searchParams.get('error');
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [email, setEmail] = useState('');
  const refreshCurrentUser = useRefreshCurrentUser();
  // Without the config the forms still work, with the default policy and no provider buttons.
  const { data: config } = useQuery(authConfigQueryOptions);
  const minPasswordLength = config?.minPasswordLength ?? PASSWORD_MIN_LENGTH_DEFAULT;
  const maxPasswordLength = config?.maxPasswordLength ?? PASSWORD_MAX_LENGTH;

  // Once signed in, the user record arrives and this screen hands over to `next`, marked as a
  // return (a provider sign-in comes back through here too: lib/sign-in.ts).
  if (user) return <Navigate to={next} replace state={next === '/' ? undefined : SIGN_IN_RETURN} />;

  const onSignedIn = async () => ((await refreshCurrentUser()) ? null : ACCOUNT_NOT_LOADED_MESSAGE);

  return (
    <div className="mx-auto w-full max-w-md">
      <title>{mode === 'sign-in' ? 'Sign in · Drabble' : 'Sign up · Drabble'}</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-5`}>
        <div className="text-center">
          <h1 id="screen-heading" className="text-2xl font-bold text-fg">
            {mode === 'sign-in' ? 'Welcome back to Drabble' : 'Join Drabble'}
          </h1>
          <p className="mt-1 text-sm text-muted">Write, share and talk about ultra-short fiction.</p>
        </div>
        {providerError !== null && <FormError message={providerSignInError(providerFromParam(searchParams.get('provider')), providerError)} />}
        <ProviderButtons providers={config?.providers ?? NO_PROVIDERS} next={next} />
        <AuthTabs mode={mode} onChange={setMode} />
        <div role="tabpanel" id={panelId(mode)} aria-labelledby={tabId(mode)}>
          {mode === 'sign-in' ? (
            <SignInForm email={email} onEmailChange={setEmail} maxPasswordLength={maxPasswordLength} onSignedIn={onSignedIn} />
          ) : (
            <SignUpForm
              email={email}
              onEmailChange={setEmail}
              minPasswordLength={minPasswordLength}
              maxPasswordLength={maxPasswordLength}
              onSignedIn={onSignedIn}
            />
          )}
        </div>
      </section>
    </div>
  );
}
