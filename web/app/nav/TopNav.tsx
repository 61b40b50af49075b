import { useEffect, useId, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { focusRing, iconButton, primaryButton } from '../../components/ui';
import { NotificationBell as AdminNotificationBell } from '../../features/admin';
import { NotificationBell, UnreadTitle } from '../../features/notifications';
import { useCurrentUser } from '../../lib/auth';
import { loginPathFor } from '../../lib/safe-next';
import { AccentPicker } from './AccentPicker';
import { AccountMenu } from './AccountMenu';
import { MobileMenuPanel } from './MobileMenuPanel';
import { AdminLink, TutorialButton } from './NavControls';
import { NavLinks } from './NavLinks';
import { SuggestFeature } from './SuggestFeature';
import { ThemeCycler } from './ThemeCycler';

export function TopNav() {
  const { user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const closeMenu = () => setMenuOpen(false);
  const location = useLocation();
  // Logging in from a shared story or profile comes back to it.
  const loginTarget = location.pathname === '/login' ? '/login' : loginPathFor(`${location.pathname}${location.search}`);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape inside another layer (the tutorial card, a dialog) belongs to that layer.
      const inHeader = event.target instanceof Node && headerRef.current?.contains(event.target);
      if (event.key === 'Escape' && (inHeader || event.target === document.body)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-line bg-surface">
      <nav aria-label="Main">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link to="/" onClick={closeMenu} className={`rounded-md px-1 text-xl font-bold tracking-tight text-accent-ink ${focusRing}`}>
            Drabble
          </Link>
          {user && (
            <div className="ml-4 hidden lg:block">
              <NavLinks layout="bar" />
            </div>
          )}
          <div className="ml-auto flex items-center gap-1">
            {user && <UnreadTitle />}
            {user && <NotificationBell />}
            {user?.admin && <AdminNotificationBell />}
            <div className="hidden items-center gap-1 lg:flex">
              {user?.admin && <AdminLink />}
              {user && <TutorialButton />}
              {user && <SuggestFeature />}
              <AccentPicker />
              <ThemeCycler />
              {user && (
                <div className="ml-2">
                  <AccountMenu user={user} />
                </div>
              )}
            </div>
            {!user && (
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
              className={`${iconButton} lg:hidden`}
            >
              {menuOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
            </button>
          </div>
        </div>
        {menuOpen && <MobileMenuPanel id={panelId} user={user} onClose={closeMenu} />}
      </nav>
    </header>
  );
}
