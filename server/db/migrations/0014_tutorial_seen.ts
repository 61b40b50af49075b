import { sql, type Kysely } from 'kysely';

/**
 * The app frame:
 * - users.tutorialSeenAt: when the tutorial first opened by itself for the account, in any
 *   browser (null: never). The local flag of spec section 9 stays; this one keeps a new browser
 *   from opening the tutorial again for an account that has had it. Every account made before
 *   this migration has had a signed-in page, where the tutorial opened by itself, so they are
 *   recorded as having seen it when they were made (the true moment was never stored).
 * - An author can no longer favourite their own story (server/policy/stories.ts): such
 *   favourites go, so none is left on a shelf without a heart to remove it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tutorialSeenAt', 'text').execute();
  await sql`update users set "tutorialSeenAt" = created_at`.execute(db);
  await sql`delete from "userFavorites" where exists (select 1 from stories s where s.id = "userFavorites"."storyId" and s.uid = "userFavorites".uid)`.execute(db);
}
