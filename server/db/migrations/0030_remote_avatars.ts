import type { Kysely } from 'kysely';

/**
 * Pictures of accounts on other servers are copied here, never shown from their servers
 * (server/features/federation/remote-avatars.ts):
 * - remoteActors.avatarUrl: our copy's same-origin URL (/api/images/remote/<id>?v=<version>),
 *   null when the account has no picture or fetching or checking it failed.
 * - remoteActors.iconUrl stays the picture's address on its server: a copy is made only when it
 *   changes. The addresses known so far were only ever linked to, never copied: they are
 *   forgotten, so the next time an account is heard of its picture counts as new and is copied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remoteActors').addColumn('avatarUrl', 'text').execute();
  await (db as Kysely<{ remoteActors: { iconUrl: string | null } }>).updateTable('remoteActors').set({ iconUrl: null }).execute();
}
