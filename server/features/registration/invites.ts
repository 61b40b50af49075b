import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { INVITE_CODE_PATTERN, REGISTRATION_TEXTS, inviteState, type Invite, type InviteList, type inviteCreateSchema } from '@common/registration/registration';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { authorName } from '../../shared/author';
import {
  findInviteLimitsByCode,
  giveInviteUseBack,
  insertInvite,
  insertInviteJoin,
  inviteJoinsOf,
  inviteRowsById,
  lockInvite,
  newestInviteRows,
  setInviteRevokedAt,
  takeInviteUse,
  type InviteRow,
} from './queries';

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The newest invites the admin screen lists; older ones stay in the database and the audit log. */
export const INVITE_LIST_MAX = 200;

export const newInviteCode = () => crypto.randomBytes(16).toString('base64url');

/** Takes one use of the invite if it can still be used at `now`: one conditional UPDATE, so a burst never passes maxUses. */
export async function consumeInvite(db: Db, code: string, now: string): Promise<string | null> {
  if (!INVITE_CODE_PATTERN.test(code)) return null;
  return takeInviteUse(db, code, now);
}

/** Gives a use back: the sign-up it was taken for did not create an account after all. */
export async function releaseInvite(db: Db, inviteId: string): Promise<void> {
  await giveInviteUseBack(db, inviteId);
}

export async function recordInviteJoin(db: Db, inviteId: string, uid: string): Promise<void> {
  await insertInviteJoin(db, inviteId, uid, new Date().toISOString());
}

/** Whether an invite could be used now (for the login screen; the sign-up itself takes the use atomically). */
export async function inviteUsable(db: Db, code: string, now: string): Promise<boolean> {
  if (!INVITE_CODE_PATTERN.test(code)) return false;
  const row = await findInviteLimitsByCode(db, code);
  return row !== undefined && inviteState(row, now) === 'active';
}

/** POST /api/admin/invites: a new link, logged with its limits (never its code: the log is not a way in). */
export async function createInvite(ctx: ServerContext, admin: SessionUser, input: z.output<typeof inviteCreateSchema>): Promise<Invite> {
  const id = crypto.randomUUID();
  const now = new Date();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString() : null;
  await ctx.db.transaction().execute(async (trx) => {
    await insertInvite(trx, { id, code: newInviteCode(), createdBy: admin.uid, createdAt: now.toISOString(), maxUses: input.maxUses ?? null, expiresAt });
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'invite_created', target: `invites/${id}`, details: { maxUses: input.maxUses ?? null, expiresAt } });
  });
  return readInvite(ctx.db, id);
}

/** POST /api/admin/invites/:id/revoke: the link stops working at once; who joined by it stays listed. */
export async function revokeInvite(ctx: ServerContext, admin: SessionUser, id: string): Promise<Invite> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockInvite(trx, ctx.dialect, id);
    if (!row) throw notFound(REGISTRATION_TEXTS.inviteGone);
    if (row.revokedAt) throw conflict(REGISTRATION_TEXTS.inviteAlreadyRevoked);
    await setInviteRevokedAt(trx, id, new Date().toISOString());
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'invite_revoked', target: `invites/${id}`, details: { uses: row.uses } });
  });
  return readInvite(ctx.db, id);
}

async function toInvites(db: Db, rows: InviteRow[]): Promise<Invite[]> {
  const ids = rows.map((r) => r.id);
  const joins = ids.length ? await inviteJoinsOf(db, ids) : [];
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
  const rows = await inviteRowsById(db, id);
  const [invite] = await toInvites(db, rows);
  if (!invite) throw notFound(REGISTRATION_TEXTS.inviteGone);
  return invite;
}

/** GET /api/admin/invites: the newest first, each with who joined by it. */
export async function listInvites(ctx: ServerContext): Promise<InviteList> {
  const rows = await newestInviteRows(ctx.db, INVITE_LIST_MAX);
  return { items: await toInvites(ctx.db, rows) };
}

