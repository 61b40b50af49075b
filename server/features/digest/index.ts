/** The weekly digest's public entry: the due pass the scheduled job runs (server/jobs). */
export { sendDueDigests } from './send';
