/**
 * The notifications feature's public entry: what other features call, inside the transaction
 * of the change they report, to notify a writer or take a notification back.
 */
export { announceBell, notify, openingWords, scheduleMessageEmail, withdraw, type NotificationCause } from './notify';
export { countUnreadNotificationsOfTypes, insertNotification } from './queries/store';
export { deliverDueEmails } from './emails';
export { notifySelf, type SelfNotice } from './self';
