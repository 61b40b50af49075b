import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TestClient } from './client';

/*
 * A software passkey for the API tests: what a device does in a WebAuthn ceremony, with a
 * P-256 key, "none" attestation and the person verified. Its answers are checked by the real
 * verifier (better-auth's plugin, @simplewebauthn/server); nothing here is trusted by the server.
 * The browser test uses Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR items a credential needs (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  return Buffer.concat([head(2, value.length), value]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Flags of authenticator data: the person was present (UP) and verified (UV); AT when a key is attached. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwarePasskey {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  /** A key pair of its own; the credential id random unless given (to play a copy of another's id). */
  constructor(
    private readonly rpId: string,
    private readonly origin: string,
    readonly credentialId: Buffer = randomBytes(16),
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private authData(flags: number, attested: Buffer = Buffer.alloc(0)) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, attested]);
  }

  /** The answer to navigator.credentials.create() for `challenge` (better-auth's registration options). */
  register(challenge: string) {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID */, idLength, this.credentialId, cbor(coseKey)]);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(UP | UV | AT, attested)]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to navigator.credentials.get() for `challenge`, signed with the key. */
  authenticate(challenge: string) {
    this.counter += 1;
    const authenticatorData = this.authData(UP | UV);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** A software passkey for the test server at `publicUrl` (its rpID and origin). */
export const softwarePasskeyFor = (publicUrl: string, credentialId?: Buffer) => new SoftwarePasskey(new URL(publicUrl).hostname, new URL(publicUrl).origin, credentialId);

/** Adds a passkey as Settings does: options, the device's answer, then the answer with a name. */
export async function addPasskey(client: TestClient, key: SoftwarePasskey, name: string) {
  const options = await client.get<{ challenge: string }>('/api/auth/passkey/generate-register-options');
  if (options.status !== 200) throw new Error(`no registration options: ${options.status} ${JSON.stringify(options.body)}`);
  return client.post<{ error?: { code: string; message: string } }>('/api/auth/passkey/verify-registration', { response: key.register(options.body.challenge), name });
}
