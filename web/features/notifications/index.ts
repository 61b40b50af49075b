/** The notifications feature's public entry: the bell, the phone menu's entry, the tab title's count and the settings section. Its screens load through the router. */
export { NotificationBell, NotificationsMenuLink } from './NotificationBell';
export { NotificationPrefsSection } from './NotificationPrefsSection';
export { UnreadTitle } from './UnreadTitle';
