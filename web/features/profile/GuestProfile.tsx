import { useState } from 'react';
import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import type { ProfileIcon } from '@common/profile/icons';
import { Avatar } from '../../components/Avatar';
import { card, primaryButton } from '../../components/ui';
import { useToast } from '../../components/toasts/toast-context';
import { loginPathFor } from '../../lib/safe-next';
import { reportFailure } from '../../lib/report-error';
import { PROFILE_TOASTS } from './api';
import { IconPicker } from './IconPicker';
import { AboutMeSection } from './ProfileInfo';
import { readLocalAboutMe, readLocalProfileIcon, storeLocalAboutMe, storeLocalProfileIcon } from './local-profile';

/**
 * Signed out (spec sections 2 and 3): the request to log in, and the profile icon and
 * About Me a guest may choose, kept in this browser's local storage only.
 */
export function GuestProfile() {
  const { toast } = useToast();
  const [icon, setIcon] = useState<ProfileIcon>(readLocalProfileIcon);
  const [aboutMe, setAboutMe] = useState(readLocalAboutMe);

  /** Stores locally with the same toasts as a saved profile. */
  const keep = (store: () => void, apply: () => void, toasts: (typeof PROFILE_TOASTS)['icon' | 'about']): Promise<void> => {
    try {
      store();
      apply();
      toast(toasts.success, 'success');
      return Promise.resolve();
    } catch (error) {
      toast(toasts.failure, 'error');
      reportFailure(toasts.failure, error, toasts.event);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return (
    <div className="space-y-6">
      <title>My Profile · Drabble</title>
      <section aria-labelledby="screen-heading" className={card}>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          My Profile
        </h1>
        <p className="mt-2 text-muted" data-testid="profile-login-prompt">
          Please log in to view your profile.
        </p>
        <Link to={loginPathFor('/profile')} className={`${primaryButton} mt-4`}>
          <LogIn aria-hidden className="size-4" />
          Log in
        </Link>
      </section>

      <section aria-labelledby="guest-heading" className={card} data-testid="guest-profile">
        <div className="flex items-center gap-4">
          <Avatar person={{ profileIcon: icon }} size="lg" />
          <div>
            <h2 id="guest-heading" className="text-lg font-semibold text-fg">
              On this device
            </h2>
            <p className="text-sm text-muted">Until you log in, your icon and About Me are kept in this browser only.</p>
          </div>
        </div>
        <div className="mt-5 divide-y divide-line border-t border-line pt-5">
          <AboutMeSection
            value={aboutMe}
            saving={false}
            save={(value) => keep(() => storeLocalAboutMe(value), () => setAboutMe(value), PROFILE_TOASTS.about)}
          />
          <div className="pt-5">
            <IconPicker
              embedded
              current={icon}
              saving={false}
              save={(value) => keep(() => storeLocalProfileIcon(value), () => setIcon(value), PROFILE_TOASTS.icon)}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
