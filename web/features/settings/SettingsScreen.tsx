import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../lib/auth';
import { NotificationPrefsSection } from '../notifications';
import { accountQuery } from './api';
import { BlockedMutedSection } from './BlockedMutedSection';
import { ContentWarningsSection } from './ContentWarningsSection';
import { DigestSection } from './DigestSection';
import { FollowedTagsSection } from './FollowedTagsSection';
import { ConnectedAccountsSection } from './ConnectedAccountsSection';
import { DisplayNameSection } from './DisplayNameSection';
import { HandleSection } from './HandleSection';
import { EmailSection } from './EmailSection';
import { FollowersSection } from './FollowersSection';
import { MessagingSection } from './MessagingSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsIndex, useScrollToSection } from './SettingsIndex';
import { LoadFailed, SettingsSection } from './SettingsSection';
import { YourDataSection } from '../your-data';
import { DeleteAccountSection } from '../account-deletion';
import { FediverseSection } from '../federation';

/** The email, password and provider sections need GET /api/account. */
function AccountSections() {
  const account = useQuery(accountQuery);
  if (account.data) {
    return (
      <>
        <EmailSection account={account.data} />
        <PasswordSection account={account.data} />
        <TwoFactorSection />
        <PasskeysSection />
        <ConnectedAccountsSection account={account.data} />
      </>
    );
  }
  if (account.isError) {
    return (
      <LoadFailed what="Your account settings" onRetry={() => void account.refetch()} rounded="rounded-xl" />
    );
  }
  return (
    <>
      <SettingsSection {...SETTINGS_SECTIONS.email} />
      <SettingsSection {...SETTINGS_SECTIONS.password} />
      <SettingsSection {...SETTINGS_SECTIONS.twoFactor} />
      <SettingsSection {...SETTINGS_SECTIONS.passkeys} />
      <SettingsSection {...SETTINGS_SECTIONS.providers} />
    </>
  );
}

/**
 * /settings (signed in): name, handle, email, password, connected providers, sessions, followers,
 * messages, notifications, blocked and muted writers, your data, leaving; with an index of
 * them (sections.ts), beside them on a wide screen and above them on a phone.
 */
export function SettingsScreen() {
  const { user } = useCurrentUser();
  const page = useRef<HTMLDivElement>(null);
  useScrollToSection(page);
  if (!user) return null;
  return (
    <div ref={page} className="mx-auto w-full max-w-5xl min-w-0" data-testid="settings-screen">
      <title>Settings · Drabble</title>
      <div>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
          Settings
        </h1>
        <p className="mt-1 text-muted">Your account, how you sign in, where you are signed in, and who follows you.</p>
      </div>
      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <SettingsIndex />
        <div className="min-w-0 max-w-3xl space-y-6">
          <DisplayNameSection user={user} />
          <HandleSection user={user} />
          <AccountSections />
          <SessionsSection />
          <FollowersSection />
          <FediverseSection />
          <MessagingSection />
          <NotificationPrefsSection />
          <DigestSection />
          <BlockedMutedSection />
          <ContentWarningsSection prefs={user.readingPreferences} />
          <FollowedTagsSection />
          <YourDataSection />
          <DeleteAccountSection />
        </div>
      </div>
    </div>
  );
}
