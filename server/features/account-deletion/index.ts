/** Deleting accounts: what moderation and the maintenance tick use. */
export { deleteAccountNow, purgeDueAccounts } from './service';
