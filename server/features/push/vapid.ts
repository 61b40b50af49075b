import crypto from 'node:crypto';
import { z } from 'zod';
import { generatedOnce } from '../../auth/secret';

import type { VapidKeys } from '../../context';

export type { VapidKeys };

const storedKeysSchema = z.object({ publicKey: z.string().regex(/^B[A-Za-z0-9_-]{86}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The key pair as DATA_DIR/vapid-keys.json (and a backup) holds it; null for anything else. */
export function parseVapidKeys(text: string): VapidKeys | null {
  try {
    const parsed = storedKeysSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The VAPID key pair push services check this site's pushes against: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set; otherwise a pair generated once and kept in DATA_DIR/vapid-keys.json
 * (mode 0600), as AUTH_SECRET is. Changing the pair orphans every subscription (browsers bind
 * a subscription to the public key), so it is kept like the auth secret, and carried in every
 * backup (ops/backup) with it.
 */
/**
 * A new P-256 key pair as Web Push carries it (RFC 8292): the public key as the uncompressed
 * point (0x04, x, y), the private key as the scalar d, both base64url — what web-push's
 * generateVAPIDKeys gives, made with node:crypto so start-up does not load web-push.
 */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => Buffer.from(value ?? '', 'base64url');
  return {
    publicKey: Buffer.concat([Buffer.from([0x04]), coordinate(jwk.x), coordinate(jwk.y)]).toString('base64url'),
    privateKey: coordinate(jwk.d).toString('base64url'),
  };
}

/** The file in DATA_DIR that keeps a generated pair (and a restore writes). */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** What DATA_DIR/vapid-keys.json holds. */
export const serializeVapidKeys = (keys: VapidKeys): string => JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey });

export function resolveVapidKeys(configured: VapidKeys | null, dataDir: string): VapidKeys {
  if (configured) return configured;
  const text = generatedOnce(dataDir, VAPID_KEYS_FILE, (existing) => parseVapidKeys(existing) !== null, () => serializeVapidKeys(generateVapidKeys()));
  const keys = parseVapidKeys(text);
  if (!keys) throw new Error('DATA_DIR/vapid-keys.json holds no VAPID key pair');
  return keys;
}
