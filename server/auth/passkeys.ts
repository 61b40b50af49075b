import { PASSKEY_TEXTS, type Passkey, type PasskeyList } from '@common/account/passkeys';
import type { ServerContext } from '../context';
import { notFound } from '../http/errors';

type Reading = Pick<ServerContext, 'db'>;

const PASSKEY_COLUMNS = ['id', 'name', 'createdAt'] as const;

function toPasskey(row: { id: string; name: string | null; createdAt: Date | string | null }): Passkey {
  return { id: row.id, name: row.name ?? 'Passkey', createdAt: new Date(row.createdAt ?? 0).toISOString() };
}

/** The signed-in person's passkeys, newest first. */
export async function listPasskeys(ctx: Reading, uid: string): Promise<PasskeyList> {
  const rows = await ctx.db.selectFrom('authPasskeys').select(PASSKEY_COLUMNS).where('userId', '=', uid).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return { passkeys: rows.map(toPasskey) };
}

/** Renames one of the person's own passkeys; anyone else's is not found, as one that does not exist. */
export async function renamePasskey(ctx: Reading, uid: string, id: string, name: string): Promise<Passkey> {
  const row = await ctx.db
    .updateTable('authPasskeys')
    .set({ name })
    .where('id', '=', id)
    .where('userId', '=', uid)
    .returning(PASSKEY_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound(PASSKEY_TEXTS.notFound);
  return toPasskey(row);
}

/** Removes one of the person's own passkeys: it signs no one in from then on. */
export async function removePasskey(ctx: Reading, uid: string, id: string): Promise<void> {
  const result = await ctx.db.deleteFrom('authPasskeys').where('id', '=', id).where('userId', '=', uid).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(PASSKEY_TEXTS.notFound);
}
