/**
 * The messages feature's public entry: the unread count for the Messages nav link and the
 * messaging settings for /settings. Its screen loads through the router.
 */
export { messagingSettingsQuery, unreadCountQuery, useSaveMessagingSettings } from './api';
