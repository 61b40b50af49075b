import crypto from 'node:crypto';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import { AppError } from '../../http/errors';
import { StorageError, type StoredObject } from '../../storage';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { changeUser } from '../../shared/users';
import { refreshStoryAvatars } from '../profile';
import type { Actor } from '../../shared/actor';
import { processProfileImage } from './image';
import { setUserProfileImage } from './queries';

/** Spec section 3: profile images are stored at profileImages/{uid}. */
export const profileImageKey = (uid: string) => `profileImages/${uid}`;

/** Short content hash: the image URL changes exactly when the image does. */
export function imageVersion(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
}

/** What `profileImage` holds: a same-origin URL that names the version it shows. */
export function profileImageUrl(uid: string, version: string): string {
  return `/api/images/profile/${encodeURIComponent(uid)}?v=${version}`;
}

const storageUnavailable = () => new AppError(503, 'unavailable', 'Image storage is unavailable right now. Please try again.');

/** Storage failures are the server's problem (503, which the browser retries), never a 500. */
async function withStorage<T>(ctx: ServerContext, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    ctx.logger.error({ err, driver: ctx.storage.driver }, `image storage failed: ${what}`);
    throw storageUnavailable();
  }
}

/** The record's image, the avatar on every story card of theirs and the event for their open tabs, in one transaction. */
function setProfileImage(ctx: ServerContext, uid: string, profileImage: string | null): Promise<UserRecord> {
  return changeUser(ctx, uid, async (trx) => {
    await setUserProfileImage(trx, uid, profileImage);
    await refreshStoryAvatars(trx, uid, { authorProfileImage: profileImage });
  });
}

/**
 * Checks and re-encodes the upload, stores it at profileImages/{uid} (replacing any
 * earlier one), and points the record and the writer's story cards at the new version.
 */
export async function uploadProfileImage(ctx: ServerContext, actor: Actor, bytes: Uint8Array): Promise<UserRecord> {
  const { uid } = actor.user;
  const image = await processProfileImage(bytes);
  await withStorage(ctx, 'put', () => ctx.storage.put(profileImageKey(uid), image.webp, 'image/webp'));
  const user = await setProfileImage(ctx, uid, profileImageUrl(uid, imageVersion(image.webp)));
  await recordActivity(ctx.db, ctx.logger, {
    type: 'profile_image_uploaded',
    action: 'upload',
    user: logUserOf(actor.user),
    resource: profileImageKey(uid),
    details: { format: image.inputFormat, width: image.inputWidth, height: image.inputHeight, bytes: bytes.length, storedBytes: image.webp.length },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return user;
}

/** Deletes the stored object first (a failure changes nothing), then clears the record. */
export async function removeProfileImage(ctx: ServerContext, actor: Actor): Promise<UserRecord> {
  const { uid } = actor.user;
  await withStorage(ctx, 'delete', () => ctx.storage.delete(profileImageKey(uid)));
  const user = await setProfileImage(ctx, uid, null);
  await recordActivity(ctx.db, ctx.logger, {
    type: 'profile_image_removed',
    action: 'remove',
    user: logUserOf(actor.user),
    resource: profileImageKey(uid),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return user;
}

/** A stored image (a profile image, or a copy of a picture from another server), for its GET route. */
export function readStoredImage(ctx: ServerContext, key: string): Promise<StoredObject | null> {
  return withStorage(ctx, 'get', () => ctx.storage.get(key));
}

export function readProfileImage(ctx: ServerContext, uid: string): Promise<StoredObject | null> {
  return readStoredImage(ctx, profileImageKey(uid));
}
