import type { UserRecord } from '@common/me/user';
import { Avatar } from '../../components/Avatar';
import { LoadOnOpen } from '../../components/LoadOnOpen';
import { focusRing } from '../../components/ui';
import { onDemand } from '../../lib/on-demand';

const dropdown = onDemand(() => import('./AccountMenuDropdown'));
const AccountMenuDropdown = dropdown.component((m) => m.AccountMenuDropdown);

/** The avatar button of the top bar; the menu's code loads on first use (AccountMenuDropdown.tsx). */
export function AccountMenu({ user }: { user: UserRecord }) {
  return (
    <LoadOnOpen
      part={dropdown}
      standIn={(props) => (
        <button
          type="button"
          {...props}
          aria-haspopup="menu"
          aria-label="Account menu"
          data-testid="account-menu-trigger"
          data-tutorial="profile-menu"
          className={`rounded-full ${focusRing}`}
        >
          <Avatar person={user} size="sm" />
        </button>
      )}
    >
      <AccountMenuDropdown user={user} />
    </LoadOnOpen>
  );
}
