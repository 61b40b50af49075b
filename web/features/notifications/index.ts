/** The notifications feature's public entry: the bell (the top bar's stand-in loads it on first use), the phone menu's entry and the settings section. Its screens load through the router. */
export { NotificationBell, NotificationsMenuLink } from './NotificationBell';
export { NotificationPrefsSection } from './NotificationPrefsSection';
