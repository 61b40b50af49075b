import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookCopy, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { UserRecord } from '@common/me/user';
import { Avatar } from '../../components/Avatar';
import { focusRing, popoverPanel } from '../../components/ui';
import { useSignOut } from '../../lib/auth';
import { accountName } from './account';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none select-none data-[highlighted]:bg-subtle data-[highlighted]:text-fg';

/** The account menu, loaded when the top bar's stand-in (AccountMenu.tsx) is first used, and opened at once. */
export function AccountMenuDropdown({ user }: { user: UserRecord }) {
  const signOut = useSignOut();
  const name = accountName(user);
  return (
    // Not portalled: the menu stays inside the header landmark.
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        data-testid="account-menu-trigger"
        data-tutorial="profile-menu"
        className={`rounded-full ${focusRing}`}
      >
        <Avatar person={user} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className={`${popoverPanel} w-64 p-1`}>
        {user.awaitingApproval ? (
          // Waiting for approval: their profile and settings are not theirs yet, only signing out.
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2 text-sm text-fg">
            <AccountCard user={user} name={name} />
          </DropdownMenu.Label>
        ) : (
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile" data-testid="account-menu-profile-card">
              <AccountCard user={user} name={name} />
            </Link>
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Separator className="my-1 h-px bg-line" />
        {!user.awaitingApproval && (
          <>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/profile" data-testid="account-menu-profile">
                <UserRound aria-hidden className="size-4" />
                Profile
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/anthologies" data-testid="account-menu-anthologies">
                <BookCopy aria-hidden className="size-4" />
                Anthologies
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/settings" data-testid="account-menu-settings">
                <Settings aria-hidden className="size-4" />
                Settings
              </Link>
            </DropdownMenu.Item>
          </>
        )}
        <DropdownMenu.Item className={itemClass} data-testid="sign-out" onSelect={() => void signOut()}>
          <LogOut aria-hidden className="size-4" />
          Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function AccountCard({ user, name }: { user: UserRecord; name: string }) {
  return (
    <>
      <Avatar person={user} size="md" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold" data-testid="account-menu-name">{name}</span>
        <span className="truncate text-xs text-muted" data-testid="account-menu-email">{user.email}</span>
      </span>
    </>
  );
}
