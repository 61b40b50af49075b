import { useLocation, useNavigate } from 'react-router';
import { TWO_FACTOR_TEXTS } from '@common/account/two-factor';
import { primaryButton } from '../../components/ui';
import { useSignOut } from '../../lib/auth';
import { loginPathFor } from '../../lib/safe-next';
import { TwoFactorSection } from '../settings';

/**
 * REQUIRE_ADMIN_2FA: what an admin sees instead of any admin screen (the server refuses them
 * too) until this session has passed two-factor: its setup when it is off, or signing in again
 * with the code when it is on but this session was made without it.
 */
export function AdminTwoFactorScreen({ signInAgain = false }: { signInAgain?: boolean }) {
  if (signInAgain) return <SignInAgain />;
  return (
    <div className="mx-auto w-full max-w-3xl" data-testid="admin-two-factor-required">
      <title>Turn on two-factor sign-in · Drabble</title>
      <h1 id="screen-heading" className="mb-2 text-2xl font-bold text-fg">
        Turn on two-factor sign-in
      </h1>
      <p className="mb-6 text-muted">{TWO_FACTOR_TEXTS.adminRequired}</p>
      <TwoFactorSection />
    </div>
  );
}

function SignInAgain() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const again = async () => {
    const back = loginPathFor(location.pathname + location.search);
    await signOut();
    await navigate(back);
  };
  return (
    <div className="mx-auto w-full max-w-3xl" data-testid="admin-sign-in-again">
      <title>Sign in again · Drabble</title>
      <h1 id="screen-heading" className="mb-2 text-2xl font-bold text-fg">
        Sign in again with your code
      </h1>
      <p className="mb-6 text-muted">{TWO_FACTOR_TEXTS.adminSignInAgain}</p>
      <button type="button" className={primaryButton} onClick={() => void again()}>
        Sign out and sign in again
      </button>
    </div>
  );
}
