import type { ServerContext } from '../../context';
import { claimsFromIdToken, emailVouched } from '../../auth/id-token';
import { setEmailVerified } from '../../shared/users';
import { changeUser } from '../../shared/users';

/** better-auth's own data access: users, accounts and sessions as it stores them. */
export async function authStore(ctx: ServerContext) {
  return (await ctx.auth.$context).internalAdapter;
}

export async function signInMethods(ctx: ServerContext, uid: string) {
  const accounts = await (await authStore(ctx)).findAccounts(uid);
  const password = accounts.find((a) => a.providerId === 'credential' && a.password);
  return { accounts, password: password ?? null };
}

/**
 * The address was proved by a link we emailed: better-auth and the users record agree, the
 * owner address becomes admin, and the user's open tabs hear of it.
 */
export async function markEmailVerified(ctx: ServerContext, uid: string): Promise<void> {
  await (await authStore(ctx)).updateUser(uid, { emailVerified: true });
  await changeUser(ctx, uid, (trx) => setEmailVerified(trx, uid, true, ctx.config.adminEmail));
}

/**
 * The mirror of the pre-registration rule: when the address holder proves it by a reset
 * link, provider identities that never vouched for the address (attached by whoever
 * created the account) stop working.
 */
export async function dropUnvouchedIdentities(ctx: ServerContext, uid: string): Promise<void> {
  const store = await authStore(ctx);
  for (const account of await store.findAccounts(uid)) {
    if (account.providerId === 'credential') continue;
    const claims = claimsFromIdToken(account.idToken ?? undefined);
    if (!claims || !emailVouched(claims)) await store.deleteAccount(account.id);
  }
}

/** Ends sessions of the user; `keepSessionId` (the caller's own) survives when given. */
export async function revokeSessions(ctx: ServerContext, uid: string, keepSessionId: string | null = null): Promise<number> {
  const store = await authStore(ctx);
  const tokens = (await store.listSessions(uid)).filter((s) => s.id !== keepSessionId).map((s) => s.token);
  if (tokens.length > 0) await store.deleteSessions(tokens);
  return tokens.length;
}
