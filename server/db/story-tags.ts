import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { isPostgres } from './migrations/helpers';
import type { Database } from './types';

/*
 * What the database keeps for tags by itself, with triggers (migration 0025), so that no tag
 * page, suggestion or feed reads every story of a big tag (1.6 s for a tag on 30,000 stories
 * before: docs/decisions/0044-tags.md):
 *
 * - `tags.storyCount`: how many stories a guest may read carry the tag (public, by a writer in
 *   good standing, not an anonymous contest entry). A tag page, the editor's suggestions and
 *   Settings → Followed tags show it. Five things move it and they are written in many places:
 *   a story's tags (tags/queries/story-tags.ts), its visibility (the editor), its writer's standing
 *   (shared/account-state.ts, for every story at once), a contest entry and its reveal, and its
 *   deletion (the owner, moderation, account deletion). A trigger sees each of them, and any
 *   written later.
 * - `storyTags.likesCount` and `storyTags.publishedAt`: copies of the story's, so a tag's page by
 *   most liked and the feed's followed tags walk an index of the tag's own rows in their order
 *   and stop at a page, as its newest first always did on `storySeq`.
 *
 * It lives in the data layer, like search-document.ts, so a migration and the restore use it
 * without importing feature code.
 */

/** The condition, on a stories row named `row`, under which its tags count it. */
export function countedStory(row: 'new' | 'old' | 's'): RawBuilder<boolean> {
  return sql<boolean>`(${sql.raw(`${row}.public`)} = 1 and ${sql.raw(`${row}."authorState"`)} = ${sql.lit(AUTHOR_STATE.visible)} and ${sql.raw(`${row}."contestId"`)} is null)`;
}

/** The count of a tag (its id, or a reference to it) from its rows: what `storyCount` must hold. */
export function taggedStories(tagId: string | RawBuilder<unknown> | ReturnType<typeof sql.ref>): RawBuilder<number> {
  return sql<number>`(select count(*) from "storyTags" st join stories s on s.id = st."storyId" where st."tagId" = ${tagId} and ${countedStory('s')})`;
}

/** Sets every tag's count from its rows: the migration's first fill and a restore (`drabble recount` checks one by one). */
export async function recountAllTags<DB>(db: Kysely<DB>): Promise<void> {
  // PostgreSQL: the changes this transaction's rows made wait for its commit; the count from the rows replaces them.
  if (isPostgres(db)) await sql`delete from "tagCountChanges"`.execute(db);
  await sql`update tags set "storyCount" = ${taggedStories(sql.ref('tags.id'))}`.execute(db);
}

/** The triggers, on SQLite: counts updated at once (one writer at a time), and the copies. The story delete and storyTags delete triggers never both count one pair: whichever row goes second no longer finds the other. */
export async function createSqliteTagTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger "storyTags_count_insert" after insert on "storyTags"
    when (select ${countedStory('s')} from stories s where s.id = new."storyId")
    begin update tags set "storyCount" = "storyCount" + 1 where id = new."tagId"; end`.execute(db);
  await sql`create trigger "storyTags_count_delete" after delete on "storyTags"
    when (select ${countedStory('s')} from stories s where s.id = old."storyId")
    begin update tags set "storyCount" = "storyCount" - 1 where id = old."tagId"; end`.execute(db);
  await sql`create trigger "stories_tag_count_update" after update of public, "authorState", "contestId" on stories
    when ${countedStory('old')} <> ${countedStory('new')}
    begin update tags set "storyCount" = "storyCount" + (case when ${countedStory('new')} then 1 else -1 end)
      where id in (select "tagId" from "storyTags" where "storyId" = new.id); end`.execute(db);
  await sql`create trigger "stories_tag_count_delete" after delete on stories
    when ${countedStory('old')}
    begin update tags set "storyCount" = "storyCount" - 1 where id in (select "tagId" from "storyTags" where "storyId" = old.id); end`.execute(db);
  await sql`create trigger "stories_tag_copies" after update of "likesCount", "publishedAt" on stories
    when old."likesCount" is not new."likesCount" or old."publishedAt" is not new."publishedAt"
    begin update "storyTags" set "likesCount" = new."likesCount", "publishedAt" = new."publishedAt" where "storyId" = new.id; end`.execute(db);
}

/**
 * The same on PostgreSQL, in two steps, so that no transaction holds a tag's row while it goes
 * on to lock anything else. A popular tag's row is wanted by every writer using it; updated in
 * the middle of a save, it is held until that save commits, while the save still takes its
 * writer's row, its story's, the next tag's, in orders no one can keep the same everywhere
 * (a burst of saves, edits and a suspension deadlocked within a second). So:
 * - row triggers on storyTags and stories work out each change of a count as it happens (the
 *   story's state at that moment decides) and only insert it into `tagCountChanges`, which no
 *   one else touches: no lock is taken;
 * - a constraint trigger on `tagCountChanges`, deferred to the commit, adds each change to its
 *   tag under one transaction-level advisory lock and deletes it. At the commit every other lock
 *   of the transaction is already held, and the advisory lock puts the few microseconds of tag
 *   updates one after the other across all instances, so two commits never wait on each other.
 */
export async function createPostgresTagTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function "tagCountChanges_apply"() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(TAG_COUNTS_LOCK)});
      -- Only while the change is still there: recountAllTags drops its transaction's pending ones.
      with gone as (delete from "tagCountChanges" where id = new.id returning "tagId", delta)
        update tags set "storyCount" = "storyCount" + gone.delta from gone where tags.id = gone."tagId";
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger "tagCountChanges_apply" after insert on "tagCountChanges"
    deferrable initially deferred for each row execute function "tagCountChanges_apply"()`.execute(db);

  await sql`create or replace function "storyTags_count"() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into "tagCountChanges" ("tagId", delta)
          select new."tagId", 1 from stories s where s.id = new."storyId" and ${countedStory('s')};
        return new;
      end if;
      insert into "tagCountChanges" ("tagId", delta)
        select old."tagId", -1 from stories s where s.id = old."storyId" and ${countedStory('s')};
      return old;
    end $$`.execute(db);
  await sql`create trigger "storyTags_count" after insert or delete on "storyTags" for each row execute function "storyTags_count"()`.execute(db);
  await sql`create or replace function "stories_tag_count"() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if ${countedStory('old')} then
          insert into "tagCountChanges" ("tagId", delta) select "tagId", -1 from "storyTags" where "storyId" = old.id;
        end if;
        return old;
      end if;
      if ${countedStory('old')} <> ${countedStory('new')} then
        insert into "tagCountChanges" ("tagId", delta)
          select "tagId", case when ${countedStory('new')} then 1 else -1 end from "storyTags" where "storyId" = new.id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger "stories_tag_count" after update of public, "authorState", "contestId" or delete on stories for each row execute function "stories_tag_count"()`.execute(db);
  // The copies: a story's own storyTags rows, written under the story's lock like every other write of them.
  await sql`create or replace function "stories_tag_copies"() returns trigger language plpgsql as $$
    begin
      if old."likesCount" is distinct from new."likesCount" or old."publishedAt" is distinct from new."publishedAt" then
        update "storyTags" set "likesCount" = new."likesCount", "publishedAt" = new."publishedAt" where "storyId" = new.id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger "stories_tag_copies" after update of "likesCount", "publishedAt" on stories for each row execute function "stories_tag_copies"()`.execute(db);
}

/** The advisory lock (a constant key) under which PostgreSQL adds changes to tag counts, and `drabble recount` fixes one. */
export const TAG_COUNTS_LOCK = 270_027;

/** PostgreSQL: no change to a count lands between a recount's count and its update while this is held (till commit). */
export async function holdTagCounts(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(TAG_COUNTS_LOCK)})`.execute(trx);
}
