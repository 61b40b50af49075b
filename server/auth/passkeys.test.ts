import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX, PASSKEY_TEXTS, type Passkey, type PasskeyList } from '@common/account/passkeys';
import { deleteAccountNow } from '../features/account-deletion/service';
import { testDialects } from '../test/databases';
import type { TestClient } from '../test/client';
import { addPasskey, softwarePasskeyFor, type SoftwarePasskey } from '../test/passkey-authenticator';
import { uniquePasskeyCredentials } from './passkey';
import { useTestServer } from '../test/api-fixture';
import { signUp, type SignedUp } from '../test/server';

type ErrorBody = { error: { code: string; message: string } };

describe.each(testDialects())('passkeys, on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000', TRUSTED_PROXY_HEADER: 'x-forwarded-for' } });

  /**
   * A passkey row as better-auth's plugin stores one after a registration (the ceremony
   * itself runs in Chromium's virtual authenticator, e2e/passkeys.spec.ts).
   */
  async function storedPasskey(person: SignedUp, name: string, createdAt: Date, credentialID?: string) {
    const id = randomUUID().replaceAll('-', '');
    await api.server.ctx.db
      .insertInto('authPasskeys')
      .values({
        id,
        name,
        userId: person.uid,
        publicKey: 'pQECAyYgASFYIA',
        credentialID: credentialID ?? `cred-${id}`,
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: dialect === 'postgres' ? true : 1,
        transports: 'internal',
        createdAt: dialect === 'postgres' ? createdAt : createdAt.toISOString(),
        aaguid: null,
      })
      .execute();
    return id;
  }

  const storedPasskeyWithCredential = (person: SignedUp, credentialID: string) => storedPasskey(person, 'Copy', new Date(), credentialID);

  const softwarePasskey = () => softwarePasskeyFor(api.server.config.publicUrl);

  /** Signs in with a passkey as the login screen does: options, then the device's signed answer. */
  async function passkeySignIn(client: TestClient, key: SoftwarePasskey) {
    const options = await client.get<{ challenge: string }>('/api/auth/passkey/generate-authenticate-options');
    expect(options.status).toBe(200);
    return client.post<ErrorBody & { twoFactorRedirect?: boolean }>('/api/auth/passkey/verify-authentication', { response: key.authenticate(options.body.challenge) });
  }

  it('adds a passkey from the device’s answer, says so by email, and signs in with it without a two-factor code', async () => {
    const ada = await signUp(api.server);
    // Two-factor on, as /settings turns it on.
    const enabled = await ada.client.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: ada.password });
    const totp = OTPAuth.URI.parse(enabled.body.totpURI);
    expect((await ada.client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);

    const key = softwarePasskey();
    const added = await addPasskey(ada.client, key, '  Ada’s phone ');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [listed] = (await ada.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys;
    expect(listed?.name).toBe('Ada’s phone');
    const mail = await api.server.mail.waitFor({ to: ada.email, subject: 'A passkey was added to your Drabble account' });
    expect(mail.text).toContain('Ada’s phone');
    expect(mail.links).toContain(`${api.server.config.publicUrl}/settings#passkeys`);
    // A guest cannot add one.
    expect((await api.server.client().post<ErrorBody>('/api/auth/passkey/verify-registration', { response: key.register('x'), name: 'Guest' })).status).toBe(401);

    // A new browser: the passkey alone signs in, with no code step after it.
    const browser = api.server.client();
    const signedIn = await passkeySignIn(browser, key);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    expect((await browser.get<{ user: { email: string } } | null>('/api/auth/get-session')).body?.user.email).toBe(ada.email);
    expect(JSON.stringify(signedIn.body)).not.toContain('token');

    // A challenge answers once: the same signed answer again signs no one in.
    const replayer = api.server.client();
    const options = await replayer.get<{ challenge: string }>('/api/auth/passkey/generate-authenticate-options');
    const answer = key.authenticate(options.body.challenge);
    expect((await replayer.post('/api/auth/passkey/verify-authentication', { response: answer })).status).toBe(200);
    const replayed = await replayer.post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: answer });
    expect(replayed.status).toBe(400);
    // An answer signed for another challenge is refused.
    const other = api.server.client();
    await other.get('/api/auth/passkey/generate-authenticate-options');
    const wrongChallenge = await other.post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: key.authenticate(options.body.challenge) });
    expect(wrongChallenge.status).toBe(400);
    expect(wrongChallenge.body.error.code).toBe('passkey_failed');
    expect((await other.get('/api/auth/get-session')).body).toBeNull();

    // Removed, the key signs no one in.
    expect((await ada.client.delete(`/api/account/passkeys/${listed!.id}`)).status).toBe(200);
    const afterRemoval = await passkeySignIn(api.server.client(), key);
    expect(afterRemoval.status).toBe(401);
    expect(afterRemoval.body.error.code).toBe('passkey_unknown');
  });

  it('signs in once when the same signed answer is posted twice at once', async () => {
    const ada = await signUp(api.server);
    const key = softwarePasskey();
    expect((await addPasskey(ada.client, key, 'Laptop')).status).toBe(200);
    const sessions = async () => (await api.server.ctx.db.selectFrom('authSessions').select('id').where('userId', '=', ada.uid).execute()).length;
    for (let round = 0; round < 5; round++) {
      const before = await sessions();
      const browser = api.server.client();
      const options = await browser.get<{ challenge: string }>('/api/auth/passkey/generate-authenticate-options');
      const answer = key.authenticate(options.body.challenge);
      const both = await Promise.all([0, 1].map(() => browser.post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: answer })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await sessions()).toBe(before + 1);
    }
  });

  it('refuses a passkey whose credential id another account already registered, and keeps the first', async () => {
    const ada = await signUp(api.server);
    const eve = await signUp(api.server);
    const adas = softwarePasskey();
    expect((await addPasskey(ada.client, adas, 'Laptop')).status).toBe(200);
    // Eve's own key pair under the id of Ada's passkey.
    const copy = softwarePasskeyFor(api.server.config.publicUrl, adas.credentialId);
    const refused = await addPasskey(eve.client, copy, 'Not mine');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'passkey_failed', message: PASSKEY_TEXTS.addFailed });
    expect((await eve.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys).toEqual([]);
    // Ada's passkey still signs Ada in.
    const browser = api.server.client();
    const options = await browser.get<{ challenge: string }>('/api/auth/passkey/generate-authenticate-options');
    expect((await browser.post('/api/auth/passkey/verify-authentication', { response: adas.authenticate(options.body.challenge) })).status).toBe(200);
    expect((await browser.get<{ user: { email: string } } | null>('/api/auth/get-session')).body?.user.email).toBe(ada.email);

    // Two accounts adding one new id at the same moment: the database keeps exactly one.
    const [bob, cyd] = await Promise.all([signUp(api.server), signUp(api.server)]);
    const shared = softwarePasskey();
    const both = await Promise.all([addPasskey(bob.client, shared, 'Mine'), addPasskey(cyd.client, softwarePasskeyFor(api.server.config.publicUrl, shared.credentialId), 'Mine too')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const rows = await api.server.ctx.db.selectFrom('authPasskeys').select('userId').where('credentialID', '=', shared.id).execute();
    expect(rows).toHaveLength(1);
    // The database itself refuses a second row with the id.
    await expect(storedPasskeyWithCredential(eve, shared.id)).rejects.toThrow(/unique/i);
  });

  it('brings a database holding copies of a credential id to one row per id, the earliest kept', async () => {
    // As an install from before the unique index: the index gone, copies registered after the real one.
    await api.server.ctx.db.schema.dropIndex('authPasskeys_credentialID_unique').execute();
    const [ada, eve, bob] = await Promise.all([signUp(api.server), signUp(api.server), signUp(api.server)]);
    const real = await storedPasskey(ada, 'Laptop', new Date('2026-01-01T10:00:00Z'), 'copied-id');
    await storedPasskey(eve, 'Copy', new Date('2026-01-02T10:00:00Z'), 'copied-id');
    await storedPasskey(bob, 'Copy', new Date('2026-01-03T10:00:00Z'), 'copied-id');
    const alone = await storedPasskey(bob, 'Phone', new Date('2026-01-03T10:00:00Z'));
    await uniquePasskeyCredentials(api.server.ctx.db);
    await uniquePasskeyCredentials(api.server.ctx.db);
    expect(await api.server.ctx.db.selectFrom('authPasskeys').select('id').where('credentialID', '=', 'copied-id').execute()).toEqual([{ id: real }]);
    expect(await api.server.ctx.db.selectFrom('authPasskeys').select('id').where('userId', '=', bob.uid).execute()).toEqual([{ id: alone }]);
    await expect(storedPasskeyWithCredential(eve, 'copied-id')).rejects.toThrow(/unique/i);
  });

  it('lists only the person’s own passkeys, newest first, with name and date', async () => {
    const ada = await signUp(api.server);
    const bob = await signUp(api.server);
    expect((await ada.client.get<PasskeyList>('/api/account/passkeys')).body).toEqual({ passkeys: [] });
    const older = await storedPasskey(ada, 'Laptop', new Date('2026-01-02T10:00:00Z'));
    const newer = await storedPasskey(ada, 'Phone', new Date('2026-03-04T10:00:00Z'));
    await storedPasskey(bob, 'Bob’s key', new Date('2026-02-01T10:00:00Z'));

    const listed = await ada.client.get<PasskeyList>('/api/account/passkeys');
    expect(listed.status).toBe(200);
    expect(listed.body.passkeys).toEqual([
      { id: newer, name: 'Phone', createdAt: '2026-03-04T10:00:00.000Z' },
      { id: older, name: 'Laptop', createdAt: '2026-01-02T10:00:00.000Z' },
    ]);
    // Nothing of the key itself leaves the server.
    expect(Object.keys(listed.body.passkeys[0]!)).toEqual(['id', 'name', 'createdAt']);
    expect((await api.server.client().get<ErrorBody>('/api/account/passkeys')).status).toBe(401);
  });

  it('renames and removes the person’s own passkey; another person’s is not found and stays as it was', async () => {
    const ada = await signUp(api.server);
    const eve = await signUp(api.server);
    const id = await storedPasskey(ada, 'Laptop', new Date());

    const stolenRename = await eve.client.patch<ErrorBody>(`/api/account/passkeys/${id}`, { name: 'Mine now' });
    expect(stolenRename.status).toBe(404);
    expect(stolenRename.body.error).toEqual({ code: 'not_found', message: PASSKEY_TEXTS.notFound });
    const stolenRemove = await eve.client.delete<ErrorBody>(`/api/account/passkeys/${id}`);
    expect(stolenRemove.status).toBe(404);
    expect(stolenRemove.body.error.code).toBe('not_found');
    expect((await api.server.client().patch<ErrorBody>(`/api/account/passkeys/${id}`, { name: 'Guest' })).status).toBe(401);
    expect((await api.server.client().delete<ErrorBody>(`/api/account/passkeys/${id}`)).status).toBe(401);
    expect((await ada.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys.map((p) => p.name)).toEqual(['Laptop']);

    const renamed = await ada.client.patch<Passkey>(`/api/account/passkeys/${id}`, { name: '  Work laptop  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'Work laptop' });
    expect((await ada.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys.map((p) => p.name)).toEqual(['Work laptop']);

    const removed = await ada.client.delete<{ message: string }>(`/api/account/passkeys/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(PASSKEY_TEXTS.removed);
    expect((await ada.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys).toEqual([]);
    expect((await ada.client.delete<ErrorBody>(`/api/account/passkeys/${id}`)).status).toBe(404);
  });

  it('refuses bad input with 4xx, never a 500', async () => {
    const ada = await signUp(api.server);
    const id = await storedPasskey(ada, 'Laptop', new Date());
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(PASSKEY_NAME_MAX + 1) }, { name: 42 }, { name: 'ok', extra: true }]) {
      const res = await ada.client.patch<ErrorBody>(`/api/account/passkeys/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const notJson = await ada.client.raw('PATCH', `/api/account/passkeys/${id}`, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    // An id that cannot be one is simply not found.
    expect((await ada.client.patch<ErrorBody>('/api/account/passkeys/not%20an%20id', { name: 'x' })).status).toBe(404);
    expect((await ada.client.delete<ErrorBody>(`/api/account/passkeys/${'x'.repeat(65)}`)).status).toBe(404);

    // better-auth's endpoints: a guest cannot add one; bodies are checked before better-auth sees them.
    expect((await api.server.client().get<ErrorBody>('/api/auth/passkey/generate-register-options')).status).toBe(401);
    for (const body of [{}, { response: 'x', name: 'Laptop' }, { response: { id: 'a', rawId: 'a', type: 'public-key', response: {} }, name: 'Laptop' }]) {
      const res = await ada.client.post<ErrorBody>('/api/auth/passkey/verify-registration', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const answer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };
    expect((await api.server.client().post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: { ...answer, type: 'password' } })).status).toBe(400);
    // Without asking for a challenge first, there is nothing to answer.
    const noChallenge = await api.server.client().post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: answer });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.error).toEqual({ code: 'passkey_expired', message: PASSKEY_TEXTS.challengeExpired });
    // With a challenge, a key no account holds signs no one in.
    const guest = api.server.client();
    const options = await guest.get<{ challenge: string; rpId: string }>('/api/auth/passkey/generate-authenticate-options');
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe(new URL(api.server.config.publicUrl).hostname);
    const unknown = await guest.post<ErrorBody>('/api/auth/passkey/verify-authentication', { response: answer });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toEqual({ code: 'passkey_unknown', message: PASSKEY_TEXTS.unknownPasskey });
    // The plugin's own list, update and delete endpoints are not exposed: ours above check ownership.
    expect((await ada.client.get('/api/auth/passkey/list-user-passkeys')).status).toBe(404);
    expect((await ada.client.post('/api/auth/passkey/delete-passkey', { id })).status).toBe(404);
  });

  it('asks for registration options for the signed-in person at the app’s own address', async () => {
    const ada = await signUp(api.server);
    const options = await ada.client.get<{ rp: { id: string; name: string }; user: { name: string }; authenticatorSelection: { residentKey: string } }>(
      '/api/auth/passkey/generate-register-options',
    );
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: new URL(api.server.config.publicUrl).hostname, name: 'Drabble' });
    expect(options.body.user.name).toBe(ada.email);
    expect(options.body.authenticatorSelection.residentKey).toBe('required');
  });

  it('gives one address at most 60 passkey challenges in 15 minutes, under a parallel burst', async () => {
    const guest = api.server.client();
    const answers = await Promise.all(
      Array.from({ length: 75 }, () => guest.send('GET', '/api/auth/passkey/generate-authenticate-options', undefined, { 'x-forwarded-for': '10.9.0.1' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    // Another address is counted on its own.
    expect((await guest.send('GET', '/api/auth/passkey/generate-authenticate-options', undefined, { 'x-forwarded-for': '10.9.0.2' })).status).toBe(200);
  });

  it('deletes the passkeys with the account', async () => {
    const ada = await signUp(api.server);
    await storedPasskey(ada, 'Laptop', new Date());
    await deleteAccountNow(api.server.ctx, ada.uid, { adminUid: null, reason: 'test' });
    expect(await api.server.ctx.db.selectFrom('authPasskeys').select('id').where('userId', '=', ada.uid).execute()).toEqual([]);
  });
});
