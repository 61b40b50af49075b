import type { Kysely } from 'kysely';

/**
 * Self-service accounts. `users.emailVerified` mirrors better-auth's flag so every users
 * read knows it (admin depends on it); `accountTokens` holds the links we email. Only a
 * hash of each token is stored, and using one deletes it, so a link works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('emailVerified', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('accountTokens')
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accountTokens_uid_purpose').on('accountTokens').columns(['uid', 'purpose']).execute();
}
