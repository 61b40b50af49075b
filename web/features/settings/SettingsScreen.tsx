import { RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { secondaryButton } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { NotificationPrefsSection } from '../notifications';
import { accountQuery } from './api';
import { BlockedMutedSection } from './BlockedMutedSection';
import { ConnectedAccountsSection } from './ConnectedAccountsSection';
import { DisplayNameSection } from './DisplayNameSection';
import { EmailSection } from './EmailSection';
import { FollowersSection } from './FollowersSection';
import { MessagingSection } from './MessagingSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { SettingsSection, smallButton } from './SettingsSection';
import { YourDataSection } from '../your-data';
import { DeleteAccountSection } from '../account-deletion';

/** The email, password and provider sections need GET /api/account. */
function AccountSections() {
  const account = useQuery(accountQuery);
  if (account.data) {
    return (
      <>
        <EmailSection account={account.data} />
        <PasswordSection account={account.data} />
        <ConnectedAccountsSection account={account.data} />
      </>
    );
  }
  if (account.isError) {
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p>Your account settings could not be loaded.</p>
        <button type="button" className={`${secondaryButton} ${smallButton} mt-3`} onClick={() => void account.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <SettingsSection title="Email" />
      <SettingsSection title="Password" />
      <SettingsSection title="Connected accounts" />
    </>
  );
}

/** /settings (signed in): name, email, password, connected providers, sessions, followers, blocked and muted writers, your data, leaving. */
export function SettingsScreen() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl min-w-0 space-y-6">
      <title>Settings · Drabble</title>
      <div>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          Settings
        </h1>
        <p className="mt-1 text-muted">Your account, how you sign in, where you are signed in, and who follows you.</p>
      </div>
      <DisplayNameSection user={user} />
      <AccountSections />
      <SessionsSection />
      <FollowersSection />
      <MessagingSection />
      <NotificationPrefsSection />
      <BlockedMutedSection />
      <YourDataSection />
      <DeleteAccountSection />
    </div>
  );
}
