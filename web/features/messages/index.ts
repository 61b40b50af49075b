/**
 * The messages feature's public entry: the unread count for the Messages nav link, the
 * messaging settings for /settings, and whether a writer can be messaged (a profile's Message
 * button). Its screen loads through the router.
 */
export { canMessageQuery, messagingSettingsQuery, unreadCountQuery, useSaveMessagingSettings } from './api';
