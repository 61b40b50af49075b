import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import { forUpdate } from '../../db/locks';

type Db = Kysely<Database>;

/** The stored value of one site setting, when it was ever saved. */
export function findSiteSetting(db: Db, key: string) {
  return db.selectFrom('siteSettings').select('value').where('key', '=', key).executeTakeFirst();
}

/** Stores a setting's first value unless it already has one, so a lock always has a row to hold. */
export async function insertSiteSettingIfMissing(db: Db, key: string, value: string, now: string): Promise<void> {
  await db.insertInto('siteSettings').values({ key, value, updatedAt: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
}

/** Locks a setting's row (PostgreSQL; SQLite writes one at a time). */
export async function lockSiteSetting(trx: Db, dialect: Dialect, key: string): Promise<void> {
  await trx.selectFrom('siteSettings').select('key').where('key', '=', key).$call(forUpdate(dialect)).execute();
}

export async function updateSiteSetting(db: Db, key: string, value: string, now: string): Promise<void> {
  await db.updateTable('siteSettings').set({ value, updatedAt: now }).where('key', '=', key).execute();
}

/** The waiting account's facts a decision needs, its row locked. */
export function lockUserForApproval(trx: Db, dialect: Dialect, uid: string) {
  return trx
    .selectFrom('users')
    .select(['uid', 'email', 'name', 'displayName', 'awaitingApprovalSince', 'deletedAt'])
    .where('uid', '=', uid)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/** Sets (or, with null, ends) an account's wait for approval. */
export async function setAwaitingApprovalSince(db: Db, uid: string, since: string | null): Promise<void> {
  await db.updateTable('users').set({ awaitingApprovalSince: since }).where('uid', '=', uid).execute();
}

/** Takes one use of the invite if it can still be used at `now`: one conditional UPDATE, so a burst never passes maxUses. */
export async function takeInviteUse(db: Db, code: string, now: string): Promise<string | null> {
  const row = await db
    .updateTable('invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('uses', '<', eb.ref('maxUses'))]))
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Gives a use back, never below zero. */
export async function giveInviteUseBack(db: Db, inviteId: string): Promise<void> {
  await db.updateTable('invites').set((eb) => ({ uses: eb('uses', '-', 1) })).where('id', '=', inviteId).where('uses', '>', 0).execute();
}

export async function insertInviteJoin(db: Db, inviteId: string, uid: string, joinedAt: string): Promise<void> {
  await db.insertInto('inviteJoins').values({ inviteId, uid, joinedAt }).onConflict((oc) => oc.doNothing()).execute();
}

/** What decides whether an invite can be used, by its code. */
export function findInviteLimitsByCode(db: Db, code: string) {
  return db.selectFrom('invites').select(['maxUses', 'uses', 'expiresAt', 'revokedAt']).where('code', '=', code).executeTakeFirst();
}

export async function insertInvite(
  db: Db,
  invite: { id: string; code: string; createdBy: string; createdAt: string; maxUses: number | null; expiresAt: string | null },
): Promise<void> {
  await db.insertInto('invites').values({ ...invite, revokedAt: null }).execute();
}

/** The invite's row locked, for revoking it. */
export function lockInvite(trx: Db, dialect: Dialect, id: string) {
  return trx.selectFrom('invites').select(['id', 'revokedAt', 'uses']).where('id', '=', id).$call(forUpdate(dialect)).executeTakeFirst();
}

export async function setInviteRevokedAt(db: Db, id: string, revokedAt: string): Promise<void> {
  await db.updateTable('invites').set({ revokedAt }).where('id', '=', id).execute();
}

function inviteQuery(db: Db) {
  return db
    .selectFrom('invites as i')
    .leftJoin('users as u', 'u.uid', 'i.createdBy')
    .select(['i.id', 'i.code', 'i.createdAt', 'i.createdBy', 'i.maxUses', 'i.uses', 'i.expiresAt', 'i.revokedAt'])
    .select(['u.displayName', 'u.name']);
}

export type InviteRow = Awaited<ReturnType<ReturnType<typeof inviteQuery>['execute']>>[number];

/** One invite with its creator's names (none or one row). */
export function inviteRowsById(db: Db, id: string): Promise<InviteRow[]> {
  return inviteQuery(db).where('i.id', '=', id).execute();
}

/** The newest invites first, at most `limit`. */
export function newestInviteRows(db: Db, limit: number): Promise<InviteRow[]> {
  return inviteQuery(db).orderBy('i.createdAt', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
}

/** Who joined by these invites, oldest join first. */
export function inviteJoinsOf(db: Db, inviteIds: string[]) {
  return db
    .selectFrom('inviteJoins as j')
    .innerJoin('users as u', 'u.uid', 'j.uid')
    .select(['j.inviteId', 'j.uid', 'j.joinedAt', 'u.displayName', 'u.name'])
    .where('j.inviteId', 'in', inviteIds)
    .orderBy('j.joinedAt')
    .orderBy('j.uid')
    .execute();
}
