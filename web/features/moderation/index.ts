/**
 * The moderation feature's public entry: what other features show (an admin's "Remove" on a
 * story or comment; the admin panel's open-report counts). Load it on demand from screens
 * everyone opens: only admins ever need it. Its screens load through the router.
 */
export { RemoveContentButton, type RemoveContentProps } from './RemoveContent';
export { openReportCountsQuery } from './api';
