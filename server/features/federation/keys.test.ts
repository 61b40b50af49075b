import './temporal';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/api-fixture';
import { testDialects } from '../../test/databases';
import { RSA_KEY_BITS, writerKeyPairs } from './keys';

const modulusBits = (pair: CryptoKeyPair) => (pair.publicKey.algorithm as RsaHashedKeyAlgorithm).modulusLength;

describe.each(testDialects())('a writer’s federation keys on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['writer', 'other'] });

  it('are made once at the size asked, RSA then Ed25519, and the same pair comes back after', async () => {
    const [rsa, ed25519] = await writerKeyPairs(api.server.ctx.db, api.writer.uid, 2048);
    expect(modulusBits(rsa!)).toBe(2048);
    expect(ed25519!.publicKey.algorithm.name).toBe('Ed25519');

    const again = await writerKeyPairs(api.server.ctx.db, api.writer.uid, 4096);
    expect(modulusBits(again[0]!)).toBe(2048);
    const exported = async (pairs: CryptoKeyPair[]) => Promise.all(pairs.map((pair) => crypto.subtle.exportKey('jwk', pair.publicKey)));
    expect(await exported(again)).toEqual(await exported([rsa!, ed25519!]));
  });

  it('are Fedify’s 4096-bit RSA unless a size is given', async () => {
    expect(RSA_KEY_BITS).toBe(4096);
    const [rsa] = await writerKeyPairs(api.server.ctx.db, api.other.uid);
    expect(modulusBits(rsa!)).toBe(RSA_KEY_BITS);
  });
});
