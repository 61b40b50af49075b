import { TWO_FACTOR_TEXTS } from '@common/two-factor';
import { TwoFactorSection } from '../settings';

/** REQUIRE_ADMIN_2FA: what an admin without two-factor sees instead of any admin screen (the server refuses them too). */
export function AdminTwoFactorScreen() {
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
