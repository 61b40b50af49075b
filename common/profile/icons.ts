/** The 20 profile icons of spec section 3, in the spec's order. Values are stored on users.profileIcon. */
export const PROFILE_ICONS = [
  'Open Book', 'Book', 'Feather', 'Pen Line', 'Glasses', 'Bookmark', 'Scroll', 'Library', 'Award', 'Pencil',
  'File Text', 'Graduation Cap', 'Quote', 'Star', 'Lightbulb', 'Palette', 'Music', 'Camera', 'Globe', 'User',
] as const;
export type ProfileIcon = (typeof PROFILE_ICONS)[number];
export const DEFAULT_PROFILE_ICON: ProfileIcon = 'User';

export function isProfileIcon(value: unknown): value is ProfileIcon {
  return typeof value === 'string' && (PROFILE_ICONS as readonly string[]).includes(value);
}
