import { Suspense, useCallback, useId, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { focusRing, iconButton, primaryButton } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { onDemand } from '../../lib/on-demand';
import { isCodeStep } from '../../lib/code-step';
import { loginPathFor } from '../../lib/safe-next';
import { AccentPicker } from './AccentPicker';
import { signedInNavPart } from '../signed-in-parts';
import { ThemeCycler } from './ThemeCycler';

const SignedInLinks = signedInNavPart.component((m) => m.SignedInLinks);
const SignedInControls = signedInNavPart.component((m) => m.SignedInControls);

// Closed at start: its code loads when the menu button is first pointed at, focused or pressed.
const mobileMenu = onDemand(() => import('./MobileMenuPanel'));
const MobileMenuPanel = mobileMenu.component((m) => m.MobileMenuPanel);

export function TopNav() {
  const { user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  // Stable: the open panel listens for Escape with it.
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const location = useLocation();
  // Logging in from a shared story or profile comes back to it.
  const loginTarget = location.pathname === '/login' ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
  // Between the password and the two-factor code, Login is no choice to offer: the step has its own way back.
  const atCodeStep = isCodeStep(location.pathname, location.search);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface">
      <nav aria-label="Main">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link to="/" onClick={closeMenu} className={`rounded-md px-1 text-xl font-bold tracking-tight text-accent-ink ${focusRing}`}>
            Drabble
          </Link>
          {user && (
            <div className="ml-4 hidden lg:block">
              <Suspense fallback={null}>
                <SignedInLinks />
              </Suspense>
            </div>
          )}
          <div className="ml-auto flex items-center gap-1">
            {user ? (
              <Suspense fallback={null}>
                <SignedInControls user={user} />
              </Suspense>
            ) : (
              <div className="hidden items-center gap-1 lg:flex">
                <AccentPicker />
                <ThemeCycler />
              </div>
            )}
            {!user && !atCodeStep && (
              <Link to={loginTarget} onClick={closeMenu} data-testid="login-link" className={`${primaryButton} ml-1 py-1.5`}>
                Login
              </Link>
            )}
            <button
              type="button"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? panelId : undefined}
              data-testid="menu-button"
              data-tutorial={user ? 'profile-menu' : undefined}
              onClick={() => setMenuOpen((open) => !open)}
              onPointerEnter={mobileMenu.warm}
              onFocus={mobileMenu.warm}
              className={`${iconButton} lg:hidden`}
            >
              {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <Suspense fallback={null}>
            <MobileMenuPanel id={panelId} user={user} onClose={closeMenu} />
          </Suspense>
        )}
      </nav>
    </header>
  );
}
