import type { UserRecord } from '@common/me/user';
import { AccentPicker } from './AccentPicker';
import { AccountMenu } from './AccountMenu';
import { AdminNotificationBell, NotificationBell } from './Bells';
import { AdminLink, TutorialButton } from './NavControls';
import { NavLinks } from './NavLinks';
import { SuggestFeature } from './SuggestFeature';
import { ThemeCycler } from './ThemeCycler';
import { UnreadTitle } from './UnreadTitle';

/*
 * The top bar's signed-in half, loaded once GET /api/me names a user: a signed-out visitor's
 * first load carries none of it. Each part arrives whole (the controls include the appearance
 * buttons a guest sees eagerly), so nothing already on screen moves when it does.
 */

/** The section links, on wide screens. */
export function SignedInLinks() {
  return <NavLinks layout="bar" />;
}

/** The bells, and on wide screens the help, suggestion, appearance and account controls. */
export function SignedInControls({ user }: { user: UserRecord }) {
  // Waiting for approval: the bells, the tutorial and suggestions would only be refused.
  if (user.awaitingApproval) {
    return (
      <div className="hidden items-center gap-1 lg:flex">
        <AccentPicker />
        <ThemeCycler />
        <div className="ml-2">
          <AccountMenu user={user} />
        </div>
      </div>
    );
  }
  return (
    <>
      <UnreadTitle />
      <NotificationBell />
      {user.admin && <AdminNotificationBell />}
      <div className="hidden items-center gap-1 lg:flex">
        {user.admin && <AdminLink />}
        <TutorialButton />
        <SuggestFeature />
        <AccentPicker />
        <ThemeCycler />
        <div className="ml-2">
          <AccountMenu user={user} />
        </div>
      </div>
    </>
  );
}
