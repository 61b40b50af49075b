import type { Kysely } from 'kysely';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Database } from '../../db/types';
import { keysOf, saveKeys } from './queries';

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
export async function writerKeyPairs(db: Kysely<Database>, uid: string): Promise<CryptoKeyPair[]> {
  let rows = await keysOf(db, uid);
  if (rows.length < KINDS.length) {
    const made = await Promise.all(
      KINDS.filter(({ kind }) => !rows.some((r) => r.kind === kind)).map(async ({ kind, algorithm }) => {
        const pair = await generateCryptoKeyPair(algorithm);
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
