/** Deleting accounts (issue 14): what moderation and the maintenance tick use. */
export { deleteAccountNow, purgeDueAccounts } from './service';
