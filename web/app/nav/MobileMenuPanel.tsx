import { useEffect, useRef } from 'react';
import { BookCopy, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { UserRecord } from '@common/me/user';
import { Avatar } from '../../components/Avatar';
import { focusRing } from '../../components/ui';
import { useSignOut } from '../../lib/auth';
import { NotificationsMenuLink } from '../../features/notifications';
import { AccentControls } from './AccentPopover';
import { accountName } from './account';
import { AdminLink, TutorialButton } from './NavControls';
import { NavLinks } from './NavLinks';
import { SuggestFeature } from './SuggestFeature';
import { ThemeCycler } from './ThemeCycler';

const rowLink = `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${focusRing}`;

/** Below the lg breakpoint: the bar's links, account items and appearance controls. */
export function MobileMenuPanel({ id, user, onClose }: { id: string; user: UserRecord | null; onClose: () => void }) {
  const signOut = useSignOut();
  // Waiting for approval: only what a guest may read, the appearance, and signing out.
  const full = user !== null && !user.awaitingApproval;
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape inside another layer (the tutorial card, a dialog) belongs to that layer.
      const header = panelRef.current?.closest('header');
      const inHeader = event.target instanceof Node && header?.contains(event.target);
      if (event.key === 'Escape' && (inHeader || event.target === document.body)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div ref={panelRef} id={id} data-testid="mobile-menu" className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-surface px-4 pt-3 pb-5 shadow-lg lg:hidden">
      {user && (
        <>
          {full ? (
            <Link to="/profile" onClick={onClose} className={`mb-2 flex items-center gap-3 rounded-md p-2 hover:bg-subtle ${focusRing}`}>
              <AccountCard user={user} />
            </Link>
          ) : (
            <div className="mb-2 flex items-center gap-3 p-2">
              <AccountCard user={user} />
            </div>
          )}
          <NavLinks layout="panel" onNavigate={onClose} />
        </>
      )}
      {user && full && (
        <div className="mt-2 flex flex-col gap-1 border-t border-line pt-2">
          <NotificationsMenuLink onNavigate={onClose} />
          <Link to="/profile" onClick={onClose} className={rowLink}>
            <UserRound aria-hidden className="size-5" />
            Profile
          </Link>
          <Link to="/anthologies" onClick={onClose} className={rowLink} data-testid="mobile-menu-anthologies">
            <BookCopy aria-hidden className="size-5" />
            Anthologies
          </Link>
          <Link to="/settings" onClick={onClose} className={rowLink} data-testid="mobile-menu-settings">
            <Settings aria-hidden className="size-5" />
            Settings
          </Link>
          {user.admin && <AdminLink withLabel onNavigate={onClose} />}
        </div>
      )}
      <div className={`flex flex-wrap items-center gap-1 ${user ? 'mt-2 border-t border-line pt-2' : ''}`}>
        {full && <TutorialButton withLabel />}
        {full && <SuggestFeature withLabel />}
        <ThemeCycler withLabel />
      </div>
      <div className="mt-3 border-t border-line pt-3">
        <p className="mb-2 text-sm font-semibold text-fg">Accent colour</p>
        <AccentControls />
      </div>
      {user && (
        <div className="mt-3 border-t border-line pt-2">
          <button
            type="button"
            onClick={() => {
              onClose();
              void signOut();
            }}
            className={`${rowLink} w-full`}
          >
            <LogOut aria-hidden className="size-5" />
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

function AccountCard({ user }: { user: UserRecord }) {
  return (
    <>
      <Avatar person={user} size="md" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-semibold text-fg">{accountName(user)}</span>
        <span className="truncate text-xs text-muted">{user.email}</span>
      </span>
    </>
  );
}
