import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Context, Federation } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import { PROFILE_IMAGE_MAX_BYTES } from '@common/profile/profile';
import type { Database } from '../../db/types';
import type { Logger } from '../../logger';
import type { ObjectStorage } from '../../storage';
import { AppError } from '../../http/errors';
import { isNonPublicAddressLiteral, publicAddressLookup } from '../../shared/public-address';
import { imageVersion, processProfileImage } from '../avatars';
import { domainPolicy } from './queries';

/*
 * Pictures of accounts on other servers are never shown from their servers (a reader's browser
 * would tell them who reads what, and their bytes would reach the page unchecked). When an
 * account's picture address is new or changed, it is fetched here once, with the rule every
 * request federation makes to another server follows, and goes through the same checks and
 * processing as an upload (avatars/image.ts): at most the upload's size, a format known by its
 * bytes, re-encoded as a square WebP without metadata. The copy is stored beside the profile
 * images and served from our own address; anything refused leaves the account without a picture.
 */

/** A picture that has not arrived in this long is given up. */
const FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed (media behind a CDN): each hop is checked like the first. */
const MAX_REDIRECTS = 3;

/** What a copy is named by: a hash of the account's id (a URL, which a storage key cannot spell). */
const remoteAvatarId = (actorUri: string) => crypto.createHash('sha256').update(actorUri).digest('base64url');
export const REMOTE_AVATAR_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Where an account's copy is stored: one per account, replaced when its picture changes. */
export const remoteAvatarStorageKey = (id: string) => `remoteAvatars/${id}`;
export const remoteAvatarKey = (actorUri: string) => remoteAvatarStorageKey(remoteAvatarId(actorUri));
/** What the web is given: our route (routes.ts `remoteAvatarRoutes`), naming the version it shows. */
export const remoteAvatarUrl = (actorUri: string, version: string) => `/api/images/remote/${remoteAvatarId(actorUri)}?v=${version}`;

export interface RemoteImageFetch {
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: loopback and private peers, for tests and trials. */
  allowPrivateAddresses: boolean;
  userAgent: string;
  timeoutMs?: number;
  /** A host not to ask (a blocked server's), checked at every hop. */
  refusesHost?: (hostname: string) => Promise<boolean>;
}

class RemoteImageRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemoteImageRefused';
  }
}

type Hop = { redirect: URL } | { bytes: Buffer };

/** One GET, its body read up to the cap; a redirect is answered, not followed. */
function getOnce(url: URL, options: RemoteImageFetch, signal: AbortSignal): Promise<Hop> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.reject(new RemoteImageRefused(`${url.protocol} is not fetched`));
  // The rule push's requests follow (shared/public-address.ts), switched off by the setting that
  // switches off Fedify's: only public addresses, checked on those the connection really uses.
  if (!options.allowPrivateAddresses && isNonPublicAddressLiteral(url)) return Promise.reject(new RemoteImageRefused(`${url.host} is not a public address`));
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      {
        headers: { accept: 'image/*', 'user-agent': options.userAgent },
        signal,
        ...(options.allowPrivateAddresses ? {} : { lookup: publicAddressLookup }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location && URL.canParse(location, url)) {
          res.resume();
          resolve({ redirect: new URL(location, url) });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new RemoteImageRefused(`answered ${status}`));
          return;
        }
        const tooLarge = () => {
          res.destroy();
          reject(new RemoteImageRefused(`larger than ${PROFILE_IMAGE_MAX_BYTES} bytes`));
        };
        if (Number(res.headers['content-length'] ?? 0) > PROFILE_IMAGE_MAX_BYTES) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PROFILE_IMAGE_MAX_BYTES) return tooLarge();
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new RemoteImageRefused('the answer was cut off'));
        });
      },
    );
    request.on('error', reject);
  });
}

/**
 * The bytes at `url`, at most the profile-image upload's size, within the timeout, from public
 * addresses only (unless allowed otherwise). Rejects with why, never with a partial body.
 */
export async function fetchRemoteImage(url: URL, options: RemoteImageFetch): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (await options.refusesHost?.(at.hostname)) throw new RemoteImageRefused(`${at.hostname} is blocked`);
    const answer = await getOnce(at, options, signal);
    if ('bytes' in answer) return answer.bytes;
    at = answer.redirect;
  }
  throw new RemoteImageRefused('too many redirects');
}

export interface RemoteAvatarCopier extends RemoteImageFetch {
  /** The object store profile images use (ctx.storage). */
  storage: ObjectStorage;
  logger: Logger;
}

/**
 * Each federation's copier, set once by FederationService: the inbox handlers (federation.ts)
 * hand rememberActor only the database and Fedify's context, whose federation is the key.
 */
const copiers = new WeakMap<Federation<void>, RemoteAvatarCopier>();

export function copyRemoteAvatarsWith(federation: Federation<void>, copier: RemoteAvatarCopier): void {
  copiers.set(federation, copier);
}

/** Why a picture was refused, for the log: the check's code, or the fetch's reason. */
function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.code;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Our copy of an account's picture, made because its address is new or changed: its URL here,
 * or null when it has none, or it could not be fetched or was refused (any earlier copy then
 * goes). Never throws: a picture never stops an account from being remembered.
 */
export async function copyRemoteAvatar(
  db: Kysely<Database>,
  ctx: Context<void>,
  actorUri: string,
  iconUrl: string | null,
  hadCopy: boolean,
): Promise<string | null> {
  const copier = copiers.get(ctx.federation);
  if (!copier) return null;
  const key = remoteAvatarKey(actorUri);
  if (iconUrl !== null) {
    try {
      // The picture may sit on another server than its account: one blocked here is not asked.
      const refusesHost = async (hostname: string) => (await domainPolicy(db, hostname)) === 'block';
      const image = await processProfileImage(await fetchRemoteImage(new URL(iconUrl), { ...copier, refusesHost }));
      await copier.storage.put(key, image.webp, 'image/webp');
      return remoteAvatarUrl(actorUri, imageVersion(image.webp));
    } catch (err) {
      copier.logger.info({ actor: actorUri, icon: iconUrl, reason: reasonOf(err) }, 'federation: a remote picture was not copied');
    }
  }
  if (hadCopy) {
    await copier.storage.delete(key).catch((err: unknown) => copier.logger.warn({ err, key }, 'federation: an old copy of a remote picture could not be removed'));
  }
  return null;
}
