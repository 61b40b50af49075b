import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Logger } from '../logger';

/**
 * At start-up: every users record takes its verification state from better-auth, admins
 * whose address was never verified stop being admins (an install from before verification
 * existed may have given the owner address to whoever registered it first), and a verified
 * owner address is admin.
 */
export async function syncEmailVerification(db: Kysely<Database>, adminEmail: string | null, logger: Logger): Promise<void> {
  const verified = (eb: ExpressionBuilder<Database, 'users'>) =>
    eb
      .case()
      .when(
        eb.exists(
          eb
            .selectFrom('authUsers as a')
            .select('a.id')
            .whereRef('a.id', '=', 'users.uid')
            // TRUE is 1 on SQLite and a boolean on PostgreSQL.
            .where('a.emailVerified', '=', sql<boolean>`true`),
        ),
      )
      .then(1 as const)
      .else(0 as const)
      .end();
  // Only the rows that differ: this also runs while other instances serve writes (a rolling
  // restart, every `npx drabble` command), and rewriting every row would lock them all, in
  // no particular order, against writes that lock two users in uid order: a deadlock.
  await db
    .updateTable('users')
    .set((eb) => ({ emailVerified: verified(eb) }))
    .where((eb) => eb('emailVerified', '<>', verified(eb)))
    .execute();
  const demoted = await db.updateTable('users').set({ admin: 0 }).where('admin', '=', 1).where('emailVerified', '=', 0).executeTakeFirst();
  if (Number(demoted.numUpdatedRows) > 0) {
    logger.warn({ demoted: Number(demoted.numUpdatedRows) }, 'admins with an unverified email address are admins no more');
  }
  if (adminEmail) {
    await db
      .updateTable('users')
      .set({ admin: 1 })
      .where('admin', '=', 0)
      .where('emailVerified', '=', 1)
      .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', adminEmail))
      .execute();
  }
}
