/** The admin feature's public entry: what the app shell and other features use. Its screens load through the router. */
export { AdminsOnlyScreen } from './AdminsOnlyScreen';
export { AdminNotificationBell } from './AdminNotificationBell';
export { AdminTwoFactorScreen } from './AdminTwoFactorScreen';
