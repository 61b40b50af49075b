import type { Kysely } from 'kysely';

/**
 * Who may join. `siteSettings` holds the owner's choices as JSON by key
 * (`registration`: the mode and the blocked email domains). `invites` are the links for
 * invite-only sign-up: `uses` counts sign-ups and only ever grows by a conditional update,
 * so a burst never passes `maxUses`; `inviteJoins` is who joined by each. A new account in
 * approval mode has `users.awaitingApprovalSince` until an admin approves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('siteSettings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('maxUses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiresAt', 'text')
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('invites_createdAt').on('invites').columns(['createdAt', 'id']).execute();
  await db.schema
    .createTable('inviteJoins')
    .addColumn('inviteId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('joinedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inviteJoins_pk', ['inviteId', 'uid'])
    .execute();
  await db.schema.alterTable('users').addColumn('awaitingApprovalSince', 'text').execute();
}
