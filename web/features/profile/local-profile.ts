import { ABOUT_ME_MAX } from '@common/profile/profile';
import { DEFAULT_PROFILE_ICON, isProfileIcon, type ProfileIcon } from '@common/profile/icons';

/** Spec section 3: signed out, the profile icon and About Me are kept in local storage. */
export const PROFILE_ICON_STORAGE_KEY = 'drabble.profileIcon';
export const ABOUT_ME_STORAGE_KEY = 'drabble.aboutMe';

// Storage can throw (disabled storage, private modes); the choice is then not remembered.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  window.localStorage.setItem(key, value);
}

export function readLocalProfileIcon(): ProfileIcon {
  const value = read(PROFILE_ICON_STORAGE_KEY);
  return isProfileIcon(value) ? value : DEFAULT_PROFILE_ICON;
}

export function readLocalAboutMe(): string {
  return (read(ABOUT_ME_STORAGE_KEY) ?? '').slice(0, ABOUT_ME_MAX * 2);
}

/** Throws when the browser refuses to store; callers show the failure toast. */
export function storeLocalProfileIcon(icon: ProfileIcon): void {
  write(PROFILE_ICON_STORAGE_KEY, icon);
}

export function storeLocalAboutMe(aboutMe: string): void {
  write(ABOUT_ME_STORAGE_KEY, aboutMe);
}
