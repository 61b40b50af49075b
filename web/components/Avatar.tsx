import { avatarInitial } from '@common/account/names';
import { isProfileIcon } from '@common/profile/icons';
import { PROFILE_ICON_COMPONENTS } from './profile-icon-components';

export interface AvatarPerson {
  displayName?: string | null;
  name?: string | null;
  email?: string | null;
  profileImage?: string | null;
  profileIcon?: string | null;
}

const SIZES = {
  sm: { box: 'size-8', icon: 'size-4', text: 'text-sm' },
  md: { box: 'size-10', icon: 'size-5', text: 'text-base' },
  lg: { box: 'size-16', icon: 'size-8', text: 'text-2xl' },
  xl: { box: 'size-24 sm:size-28', icon: 'size-12 sm:size-14', text: 'text-4xl' },
} as const;

export type AvatarSize = keyof typeof SIZES;

/**
 * Spec section 3: the profile image, else the chosen icon, else the first letter of the
 * display name, name or email, else 'U'. Decorative: the surrounding control names the person.
 */
export function Avatar({ person, size = 'md' }: { person: AvatarPerson; size?: AvatarSize }) {
  const { box, icon, text } = SIZES[size];
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${box}`;

  if (person.profileImage) {
    return <img src={person.profileImage} alt="" className={`${base} object-cover`} data-testid="avatar-image" />;
  }
  if (isProfileIcon(person.profileIcon)) {
    const Icon = PROFILE_ICON_COMPONENTS[person.profileIcon];
    return (
      <span aria-hidden className={`${base} bg-accent-700 text-white`} data-testid="avatar-icon" data-icon={person.profileIcon}>
        <Icon className={icon} />
      </span>
    );
  }
  return (
    <span aria-hidden className={`${base} bg-accent-700 font-semibold text-white ${text}`} data-testid="avatar-initial">
      {avatarInitial(person)}
    </span>
  );
}
