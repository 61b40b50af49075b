import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT } from '@common/shared/limits';
import { card } from '../../components/ui';
import { FormError } from '../../components/FormField';
import { useCurrentUser, useRefreshCurrentUser } from '../../lib/auth';
import { authConfigQueryOptions, registrationInfoQuery } from '../../lib/sign-in';
import { SIGN_IN_RETURN, safeNextPath } from '../../lib/safe-next';
import { CODE_STEP } from '../../lib/code-step';
import { ACCOUNT_NOT_LOADED_MESSAGE } from './auth-form';
import { AuthCard } from './AuthCard';
import { AuthTabs, panelId, tabId, type AuthMode } from './AuthTabs';
import { providerFromParam, providerSignInError } from './provider-errors';
import { ProviderButtons } from './ProviderButtons';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { TwoFactorStep } from './TwoFactorStep';
import { REGISTRATION_TEXTS, type RegistrationInfo } from '@common/registration/registration';

const NO_PROVIDERS = { google: false, microsoft: false };

export function LoginScreen() {
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  // A provider sign-in that came back refused: /login?provider=<id>&error=<code>.
  const providerError = searchParams.get('error');
  // An invite link (/join/CODE or /login?invite=CODE) opens on "Sign up".
  const invite = searchParams.get('invite')?.trim() || undefined;
  const [mode, setMode] = useState<AuthMode>(invite ? 'sign-up' : 'sign-in');
  // Asked on arrival, not when "Sign up" is chosen: in invite-only mode that tab holds a notice
  // instead of the form, and a form shown first and then taken away would be worse than either.
  const registration = useQuery(registrationInfoQuery(invite ?? null));
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

  // The code step is in the address: after the password, and where a provider's sign-in comes
  // back (server/auth/two-factor.ts codeStepPath). The header sees it, and Back returns to the password.
  const withStep = (step: string | null) => (params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    if (step) copy.set('step', step);
    else copy.delete('step');
    return copy;
  };
  if (searchParams.get('step') === CODE_STEP) {
    return (
      <AuthCard title="Two-factor sign-in">
        <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setSearchParams(withStep(null), { replace: true })} />
      </AuthCard>
    );
  }

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
        <JoinNotice info={registration.data} invite={invite} signingUp={mode === 'sign-up'} />
        <ProviderButtons providers={config?.providers ?? NO_PROVIDERS} next={next} invite={invite} />
        <AuthTabs mode={mode} onChange={setMode} />
        <div role="tabpanel" id={panelId(mode)} aria-labelledby={tabId(mode)}>
          {mode === 'sign-in' ? (
            <SignInForm
              email={email}
              onEmailChange={setEmail}
              maxPasswordLength={maxPasswordLength}
              onSignedIn={onSignedIn}
              onCodeAsked={() => setSearchParams(withStep(CODE_STEP))}
            />
          ) : registration.data?.mode === 'invite' && !invite ? (
            // Invite only, and no invite: a form the server would refuse is no use; this says what is.
            <p className="rounded-lg border border-line bg-subtle px-3 py-2 text-sm text-fg" data-testid="invite-only-notice">
              {REGISTRATION_TEXTS.inviteOnly}
            </p>
          ) : (
            <SignUpForm
              email={email}
              onEmailChange={setEmail}
              minPasswordLength={minPasswordLength}
              maxPasswordLength={maxPasswordLength}
              onSignedIn={onSignedIn}
              invite={invite}
            />
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * What the person should know before signing up: they were invited, the invite is
 * spent, or new accounts wait for approval. (Invite only without an invite: the tab says so
 * instead of a form.)
 */
function JoinNotice({ info, invite, signingUp }: { info: RegistrationInfo | undefined; invite: string | undefined; signingUp: boolean }) {
  if (!info) return null;
  let text: string | null = null;
  if (invite && info.invite === 'valid' && info.mode === 'invite') text = "You're invited: create your account below.";
  else if (invite && info.invite === 'invalid' && info.mode === 'invite') text = REGISTRATION_TEXTS.inviteInvalid;
  else if (signingUp && info.mode === 'approval') text = 'New accounts are approved by the people who run this site before they can be used.';
  if (!text) return null;
  return (
    <p role="status" className="rounded-lg border border-line bg-subtle px-3 py-2 text-sm text-fg" data-testid="join-notice">
      {text}
    </p>
  );
}
