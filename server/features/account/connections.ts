import { ACCOUNT_TEXTS, PROVIDER_LABELS, type AccountSession, type ProviderId } from '@common/account/account';
import { deviceLabel } from '@common/account/user-agent';
import type { ServerContext } from '../../context';
import { readableAddress } from '../../http/client-ip';
import { badRequest, notFound } from '../../http/errors';
import { authStore } from './identity';
import { deleteSignInAccount, lockUserRow, signInAccountsOf } from './queries';

const iso = (value: Date | string | number) => new Date(value).toISOString();

/**
 * Removes a provider from the account unless it is the last way to sign in. The users row
 * is locked (PostgreSQL; SQLite transactions are serial), so two parallel disconnects
 * cannot each see the other's method and remove both.
 */
export async function disconnectProvider(ctx: ServerContext, uid: string, providerId: ProviderId): Promise<void> {
  const label = PROVIDER_LABELS[providerId];
  await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.dialect, uid);
    const accounts = await signInAccountsOf(trx, uid);
    const target = accounts.find((a) => a.providerId === providerId);
    if (!target) throw notFound(ACCOUNT_TEXTS.providerNotConnected(label));
    const remaining = accounts.filter((a) => a.id !== target.id && (a.providerId !== 'credential' || a.password));
    if (remaining.length === 0) throw badRequest(ACCOUNT_TEXTS.lastSignInMethod, 'last_sign_in_method');
    await deleteSignInAccount(trx, target.id);
  });
}

/** The person's sessions, most recently active first. Tokens never leave the server. */
export async function listSessions(ctx: ServerContext, uid: string, currentId: string | null): Promise<AccountSession[]> {
  const sessions = await (await authStore(ctx)).listSessions(uid);
  return sessions
    .filter((s) => new Date(s.expiresAt).getTime() > Date.now())
    .map((s) => ({
      id: s.id,
      current: s.id === currentId,
      device: deviceLabel(s.userAgent),
      // Sessions stored before addresses were recorded readably may hold the IPv6-mapped form.
      ipAddress: s.ipAddress ? readableAddress(s.ipAddress) : null,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Signs one of the person's own sessions out; anyone else's is "not found". */
export async function revokeSession(ctx: ServerContext, uid: string, sessionId: string): Promise<void> {
  const store = await authStore(ctx);
  const session = (await store.listSessions(uid)).find((s) => s.id === sessionId);
  if (!session) throw notFound(ACCOUNT_TEXTS.sessionNotFound);
  await store.deleteSession(session.token);
}
