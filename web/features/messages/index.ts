/** The messages feature's public entry: the unread count for the Messages nav link. Its screen loads through the router. */
export { unreadCountQuery } from './api';
