import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/types';
import { notFound } from '../http/errors';
import { USER_NOT_FOUND } from './profiles';
import { assertSignedIn, own, type Viewer } from './viewer';

/**
 * Blocks and mutes between two writers, for policies and list queries. A block works both
 * ways (neither sees or reaches the other) though only the blocker can undo it; a mute is
 * one-sided and private (the muted writer's stories leave the muter's feed and community).
 * Both are checked here once, and every story list gets them through readableBy.
 */

/** SQL: no block either way between `viewerUid` and the writer in column `otherRef` (e.g. 's.uid'). */
export function noBlockBetween(viewerUid: string, otherRef: string): Expression<SqlBool> {
  const other = sql.ref(otherRef);
  return sql<SqlBool>`not exists (select 1 from "blocks" as "bl" where ("bl"."blockerUid" = ${viewerUid} and "bl"."blockedUid" = ${other}) or ("bl"."blockerUid" = ${other} and "bl"."blockedUid" = ${viewerUid}))`;
}

/** SQL: `viewerUid` has not muted the writer in column `otherRef`, or the mute has ended by `now`. */
export function notMutedBy(viewerUid: string, otherRef: string, now: string): Expression<SqlBool> {
  const other = sql.ref(otherRef);
  return sql<SqlBool>`not exists (select 1 from "mutes" as "mu" where "mu"."muterUid" = ${viewerUid} and "mu"."mutedUid" = ${other} and ("mu"."until" is null or "mu"."until" > ${now}))`;
}

/** SQL: the viewer follows the writer in column `otherRef`. */
export function follows(viewerUid: string, otherRef: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from "follows" as "fo" where "fo"."followerUid" = ${viewerUid} and "fo"."followeeUid" = ${sql.ref(otherRef)})`;
}

/**
 * What could make a shared list differ for this reader, in one statement of five index probes:
 * - `blocksOrMutes`: they block anyone, are blocked by anyone or mute anyone now (a shelf may
 *   then hide some of its rows from them);
 * - `seesLimited`: they are, or follow, a limited writer, whose stories community shows only
 *   to them and their followers (their shelf may then hold rows a guest's does not).
 */
export interface ShelfFacts {
  blocksOrMutes: boolean;
  seesLimited: boolean;
}

/**
 * The two facts as columns (`blocksOrMutes`, `seesLimited`) of any select: the session's read
 * of the users row carries them on the request that needs them (auth/session.ts), so the
 * community list's signed-in reader costs one statement, not two.
 */
export function shelfFactColumns(uid: string, now: string) {
  return [
    sql<number | boolean>`(
    exists (select 1 from "blocks" where "blockerUid" = ${uid})
    or exists (select 1 from "blocks" where "blockedUid" = ${uid})
    or exists (select 1 from "mutes" where "muterUid" = ${uid} and ("until" is null or "until" > ${now}))
  )`.as('blocksOrMutes'),
    sql<number | boolean>`(
    exists (select 1 from "users" where "uid" = ${uid} and "limitedAt" is not null)
    or exists (select 1 from "follows" as "f" join "users" as "u" on "u"."uid" = "f"."followeeUid" where "f"."followerUid" = ${uid} and "u"."limitedAt" is not null)
  )`.as('seesLimited'),
  ] as const;
}

/** The facts from the columns `shelfFactColumns` read (0/1 on SQLite, booleans on PostgreSQL). */
export const toShelfFacts = (row: { blocksOrMutes: number | boolean; seesLimited: number | boolean }): ShelfFacts => ({
  blocksOrMutes: Boolean(row.blocksOrMutes),
  seesLimited: Boolean(row.seesLimited),
});

export async function shelfFacts(db: Kysely<Database>, uid: string, now: string): Promise<ShelfFacts> {
  const row = await db.selectNoFrom(shelfFactColumns(uid, now)).executeTakeFirstOrThrow();
  return toShelfFacts(row);
}

/** Whether either writer blocks the other. */
export async function blockedEitherWay(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blockerUid')
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerUid', '=', a), eb('blockedUid', '=', b)]),
        eb.and([eb('blockerUid', '=', b), eb('blockedUid', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The block facts between the viewer and another writer: `blocking` (the viewer blocks them)
 * and `blockedBy` (they block the viewer). Loaded once per request and handed to the pure
 * policies as facts; a guest or the writer themself is never blocked.
 */
export interface BlockFacts {
  blocking: boolean;
  blockedBy: boolean;
}

export async function loadBlockFacts(db: Kysely<Database>, viewer: Viewer, otherUid: string): Promise<BlockFacts> {
  if (viewer === null || viewer.uid === otherUid) return { blocking: false, blockedBy: false };
  const rows = await db
    .selectFrom('blocks')
    .select('blockerUid')
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerUid', '=', viewer.uid), eb('blockedUid', '=', otherUid)]),
        eb.and([eb('blockerUid', '=', otherUid), eb('blockedUid', '=', viewer.uid)]),
      ]),
    )
    .execute();
  return { blocking: rows.some((r) => r.blockerUid === viewer.uid), blockedBy: rows.some((r) => r.blockerUid === otherUid) };
}

/**
 * A record owned by `uid` (a story row) with the `blocked` fact the story and comment policies
 * read: a block stands either way between the viewer and its owner. Undefined stays undefined,
 * so the policy still answers 404 for a missing record.
 */
export async function withBlockFact<R extends { uid: string }>(db: Kysely<Database>, viewer: Viewer, record: R | undefined): Promise<(R & { blocked: boolean }) | undefined> {
  if (record === undefined) return undefined;
  const facts = await loadBlockFacts(db, viewer, record.uid);
  return { ...record, blocked: facts.blocking || facts.blockedBy };
}

/**
 * Block, unblock, mute, unmute: a signed-in writer, towards any other existing writer. Even
 * one who blocks them (refusing would reveal the block); a missing writer or oneself is 404
 * 'User not found'. 401 for a guest.
 */
export function authorizeRelationTarget<T extends { uid: string }>(viewer: Viewer, target: T | null | undefined): asserts target is T {
  assertSignedIn(viewer);
  if (!target || own(viewer, target)) throw notFound(USER_NOT_FOUND);
}
