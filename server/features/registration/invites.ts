import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { INVITE_CODE_PATTERN, REGISTRATION_TEXTS, inviteState, type Invite, type InviteList, type inviteCreateSchema } from '@common/registration/registration';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { forUpdate } from '../../db/locks';
import { conflict, notFound } from '../../http/errors';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { authorName } from '../../shared/author';

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The newest invites the admin screen lists; older ones stay in the database and the audit log. */
export const INVITE_LIST_MAX = 200;

export const newInviteCode = () => crypto.randomBytes(16).toString('base64url');

/** Takes one use of the invite if it can still be used at `now`: one conditional UPDATE, so a burst never passes maxUses. */
export async function consumeInvite(db: Db, code: string, now: string): Promise<string | null> {
  if (!INVITE_CODE_PATTERN.test(code)) return null;
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

/** Gives a use back: the sign-up it was taken for did not create an account after all. */
export async function releaseInvite(db: Db, inviteId: string): Promise<void> {
  await db.updateTable('invites').set((eb) => ({ uses: eb('uses', '-', 1) })).where('id', '=', inviteId).where('uses', '>', 0).execute();
}

export async function recordInviteJoin(db: Db, inviteId: string, uid: string): Promise<void> {
  await db.insertInto('inviteJoins').values({ inviteId, uid, joinedAt: new Date().toISOString() }).onConflict((oc) => oc.doNothing()).execute();
}

/** Whether an invite could be used now (for the login screen; the sign-up itself takes the use atomically). */
export async function inviteUsable(db: Db, code: string, now: string): Promise<boolean> {
  if (!INVITE_CODE_PATTERN.test(code)) return false;
  const row = await db.selectFrom('invites').select(['maxUses', 'uses', 'expiresAt', 'revokedAt']).where('code', '=', code).executeTakeFirst();
  return row !== undefined && inviteState(row, now) === 'active';
}

/** POST /api/admin/invites: a new link, logged with its limits (never its code: the log is not a way in). */
export async function createInvite(ctx: ServerContext, admin: SessionUser, input: z.output<typeof inviteCreateSchema>): Promise<Invite> {
  const id = crypto.randomUUID();
  const now = new Date();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString() : null;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('invites')
      .values({ id, code: newInviteCode(), createdBy: admin.uid, createdAt: now.toISOString(), maxUses: input.maxUses ?? null, expiresAt, revokedAt: null })
      .execute();
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'invite_created', target: `invites/${id}`, details: { maxUses: input.maxUses ?? null, expiresAt } });
  });
  return readInvite(ctx.db, id);
}

/** POST /api/admin/invites/:id/revoke: the link stops working at once; who joined by it stays listed. */
export async function revokeInvite(ctx: ServerContext, admin: SessionUser, id: string): Promise<Invite> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('invites').select(['id', 'revokedAt', 'uses']).where('id', '=', id).$call(forUpdate(ctx.dialect)).executeTakeFirst();
    if (!row) throw notFound(REGISTRATION_TEXTS.inviteGone);
    if (row.revokedAt) throw conflict(REGISTRATION_TEXTS.inviteAlreadyRevoked);
    await trx.updateTable('invites').set({ revokedAt: new Date().toISOString() }).where('id', '=', id).execute();
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'invite_revoked', target: `invites/${id}`, details: { uses: row.uses } });
  });
  return readInvite(ctx.db, id);
}

function inviteQuery(db: Db) {
  return db
    .selectFrom('invites as i')
    .leftJoin('users as u', 'u.uid', 'i.createdBy')
    .select(['i.id', 'i.code', 'i.createdAt', 'i.createdBy', 'i.maxUses', 'i.uses', 'i.expiresAt', 'i.revokedAt'])
    .select(['u.displayName', 'u.name']);
}

type InviteRow = Awaited<ReturnType<ReturnType<typeof inviteQuery>['execute']>>[number];

async function toInvites(db: Db, rows: InviteRow[]): Promise<Invite[]> {
  const ids = rows.map((r) => r.id);
  const joins = ids.length
    ? await db
        .selectFrom('inviteJoins as j')
        .innerJoin('users as u', 'u.uid', 'j.uid')
        .select(['j.inviteId', 'j.uid', 'j.joinedAt', 'u.displayName', 'u.name'])
        .where('j.inviteId', 'in', ids)
        .orderBy('j.joinedAt')
        .orderBy('j.uid')
        .execute()
    : [];
  const now = new Date().toISOString();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    createdAt: row.createdAt,
    createdBy: { uid: row.createdBy, displayName: authorName({ displayName: row.displayName, name: row.name ?? '' }) },
    maxUses: row.maxUses === null ? null : Number(row.maxUses),
    uses: Number(row.uses),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    state: inviteState({ ...row, uses: Number(row.uses), maxUses: row.maxUses === null ? null : Number(row.maxUses) }, now),
    joined: joins
      .filter((j) => j.inviteId === row.id)
      .map((j) => ({ uid: j.uid, displayName: authorName(j), joinedAt: j.joinedAt })),
  }));
}

async function readInvite(db: Db, id: string): Promise<Invite> {
  const rows = await inviteQuery(db).where('i.id', '=', id).execute();
  const [invite] = await toInvites(db, rows);
  if (!invite) throw notFound(REGISTRATION_TEXTS.inviteGone);
  return invite;
}

/** GET /api/admin/invites: the newest first, each with who joined by it. */
export async function listInvites(ctx: ServerContext): Promise<InviteList> {
  const rows = await inviteQuery(ctx.db).orderBy('i.createdAt', 'desc').orderBy('i.id', 'desc').limit(INVITE_LIST_MAX).execute();
  return { items: await toInvites(ctx.db, rows) };
}

