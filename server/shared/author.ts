import type { SessionUser } from '../context';

/** The name a story or comment shows for its author: never the email address. */
export function authorName(user: { displayName: string | null; name: string }): string {
  return user.displayName?.trim() || user.name.trim() || 'User';
}

/** The author fields a story keeps as they were at its last save (spec section 3). */
export function authorSnapshot(user: SessionUser) {
  return {
    authorDisplayName: authorName(user),
    authorProfileIcon: user.profileIcon,
    authorProfileColor: user.colorTheme,
    authorProfileImage: user.profileImage,
  };
}
