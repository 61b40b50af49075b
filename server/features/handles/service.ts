import { HANDLE_TEXTS, type HandleLookup } from '@common/handles/handle';
import { HANDLE_TAKEN } from '@common/handles/contract';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import type { Actor } from '../../shared/actor';
import { AppError, databaseRefusal } from '../../http/errors';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { findByHandle, handleHolders, lockHandle } from '../../shared/handles';
import { findUser, publishUserChanged } from '../../shared/users';
import { authorizeProfile, USER_NOT_FOUND } from '../../policy/profiles';
import { loadBlockFacts } from '../../policy/relations';
import type { Viewer } from '../../policy/viewer';
import { lockedHandleOf, moveHandle } from './queries';

const handleTaken = () => new AppError(409, HANDLE_TAKEN, HANDLE_TEXTS.taken);

/**
 * The writer a handle names, through an old handle of theirs too, with their handle now: by
 * the profile's own rule (policy/profiles.ts), so a handle never finds a profile its page
 * would not show.
 */
export async function lookupHandle(ctx: ServerContext, viewer: Viewer, handle: string): Promise<HandleLookup> {
  const found = await findByHandle(ctx.db, handle);
  const facts = found && { ...found, blocksViewer: (await loadBlockFacts(ctx.db, viewer, found.uid)).blockedBy };
  authorizeProfile(viewer, 'read', facts);
  return { uid: facts.uid, handle: facts.handle };
}

/**
 * Gives the signed-in writer `handle` (already checked by the rule): 409 `handle_taken` when
 * someone else holds it, as their handle or an old one. Their old handle keeps leading to them.
 * `changed` is false when it already was theirs. The writer's row is locked first (two tabs
 * changing it queue), then the handle claimed (shared/handles.ts): of two people claiming one
 * handle at once exactly one gets it.
 */
export async function changeHandle(ctx: ServerContext, actor: Actor, handle: string): Promise<{ user: UserRecord; changed: boolean }> {
  const { uid } = actor.user;
  let outcome: { user: UserRecord; from: string | null };
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockedHandleOf(trx, ctx.dialect, uid);
      const unchanged = row?.handle === handle ? await findUser(trx, uid) : null;
      if (!row || (row.handle === handle && !unchanged)) throw new AppError(404, 'not_found', USER_NOT_FOUND);
      if (unchanged) return { user: unchanged, from: null };
      await lockHandle(trx, handle);
      const holder = (await handleHolders(trx, [handle])).get(handle);
      if (holder && holder.uid !== uid) throw handleTaken();
      await moveHandle(trx, uid, row.handle, handle, new Date().toISOString());
      return { user: await publishUserChanged(ctx, trx, uid), from: row.handle };
    });
  } catch (err) {
    // The unique index, should a claim ever get past the locks.
    if (!(err instanceof AppError) && databaseRefusal(err)?.status === 409) throw handleTaken();
    throw err;
  }
  const { user, from } = outcome;
  if (from === null) return { user, changed: false };
  await recordActivity(ctx.db, ctx.logger, {
    type: 'handle_changed',
    action: 'update',
    user: logUserOf(actor.user),
    resource: `users/${uid}`,
    details: { from, to: handle },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return { user, changed: true };
}
