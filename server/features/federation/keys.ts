import type { Kysely } from 'kysely';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Database } from '../../db/types';
import { keysOf, saveKeys } from './queries';

/**
 * The size of a writer's RSA key: Fedify's (generateCryptoKeyPair), where Mastodon makes 2048-bit
 * keys. A 4096-bit key takes 0.4–2 s of CPU to make, 2048 a tenth of it: the API tests make theirs
 * at 2048 (server/test/server.ts), as they hash passwords at a lower cost.
 */
export const RSA_KEY_BITS = 4096;

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs. */
const KINDS = [
  { kind: 'rsa', algorithm: 'RSASSA-PKCS1-v1_5' },
  { kind: 'ed25519', algorithm: 'Ed25519' },
] as const;

/**
 * A writer's key pairs, made the first time anyone asks and kept in `fedKeys` for good: the
 * keys are the writer's identity on other servers, so a restart or a restore must not change
 * them. Two instances making them at once both insert, and the first insert wins for both.
 */
export async function writerKeyPairs(db: Kysely<Database>, uid: string, rsaKeyBits = RSA_KEY_BITS): Promise<CryptoKeyPair[]> {
  let rows = await keysOf(db, uid);
  if (rows.length < KINDS.length) {
    const made = await Promise.all(
      KINDS.filter(({ kind }) => !rows.some((r) => r.kind === kind)).map(async ({ kind, algorithm }) => {
        const pair = kind === 'rsa' ? await rsaKeyPair(rsaKeyBits) : await generateCryptoKeyPair(algorithm);
        return { kind, publicKey: JSON.stringify(await exportJwk(pair.publicKey)), privateKey: JSON.stringify(await exportJwk(pair.privateKey)) };
      }),
    );
    await saveKeys(db, uid, made);
    rows = await keysOf(db, uid);
  }
  return Promise.all(
    KINDS.map(async ({ kind }) => {
      const row = rows.find((r) => r.kind === kind)!;
      return {
        publicKey: await importJwk(JSON.parse(row.publicKey) as JsonWebKey, 'public'),
        privateKey: await importJwk(JSON.parse(row.privateKey) as JsonWebKey, 'private'),
      };
    }),
  );
}

/** What Fedify's generateCryptoKeyPair('RSASSA-PKCS1-v1_5') makes, at a chosen size. */
function rsaKeyPair(bits: number): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: bits, publicExponent: new Uint8Array([0x01, 0x00, 0x01]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
}
