import { HANDLE_TEXTS } from '@common/handles/texts';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';

/**
 * /settings' sections in the page's order: each one's anchor (its element's id, so
 * `/settings#your-data` lands on it) and its heading, which the section index links by. The
 * sections of other features (notifications, your data, deleting the account) set these ids
 * themselves; the email links to #your-data.
 */
export const SETTINGS_SECTIONS = {
  name: { id: 'display-name', title: 'Display name' },
  handle: { id: 'handle', title: HANDLE_TEXTS.label },
  email: { id: 'email', title: 'Email' },
  password: { id: 'password', title: 'Password' },
  twoFactor: { id: 'two-factor', title: 'Two-factor sign-in' },
  passkeys: { id: 'passkeys', title: 'Passkeys' },
  providers: { id: 'connected-accounts', title: 'Connected accounts' },
  sessions: { id: 'sessions', title: 'Active sessions' },
  followers: { id: 'followers', title: 'Followers' },
  fediverse: { id: 'fediverse', title: 'Fediverse' },
  messages: { id: 'messages', title: 'Messages' },
  notifications: { id: 'notifications', title: 'Notifications' },
  digest: { id: 'weekly-digest', title: 'Weekly digest' },
  blocked: { id: 'blocked-and-muted', title: 'Blocked and muted writers' },
  contentWarnings: { id: 'content-warnings', title: 'Content warnings' },
  followedTags: { id: 'followed-tags', title: 'Followed tags' },
  yourData: { id: 'your-data', title: 'Your data' },
  deleteAccount: { id: 'delete-account', title: YOUR_DATA_TEXTS.deleteAccount },
} as const;

export type SettingsAnchor = (typeof SETTINGS_SECTIONS)[keyof typeof SETTINGS_SECTIONS];
