import { describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS } from '@common/account/passwords';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { linkToken, signUp, uniqueEmail } from '../test/server';
import { BREACHED_LIST_SIZE, breachedPasswords } from './breached-passwords';
import { hashPassword } from './password';

type ErrorBody = { error: { code: string; message: string } };

const TOO_EASY = 'This password is too easy to guess. Try a longer phrase.';

describe('the breached-password list', () => {
  it('holds the common passwords of 8 or more characters from the 100,000 most common, compared lower-cased', async () => {
    const list = await breachedPasswords();
    expect(BREACHED_LIST_SIZE).toBe(100_000);
    expect(list.size).toBeGreaterThan(30_000);
    for (const common of ['password', '12345678', 'iloveyou', 'qwertyuiop', 'trustno1', 'password1']) expect(list.has(common)).toBe(true);
    expect([...list].every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
    expect(list.has('correct horse 1')).toBe(false);
  });
});

/** The password rules (docs/decisions/0038) wherever a password is set; sign-in never checks them. */
describe.each(testDialects())('password rules on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  const signUpWith = (password: string, email = uniqueEmail(), name = '') =>
    api.server.client().post<ErrorBody>('/api/auth/sign-up/email', { email, password, name });
  const refusal = (res: { status: number; body: ErrorBody }) => [res.status, res.body.error?.code, res.body.error?.message];
  const accounts = (email: string) => api.server.ctx.db.selectFrom('authUsers').select('id').where('email', '=', email).execute();

  it('signs up with 8 or 128 characters, and refuses 7 and 129 with the length in words', async () => {
    expect(refusal(await signUpWith('a7Kq!x2'))).toEqual([400, 'weak_password', PASSWORD_TEXTS.tooShort(8)]);
    expect(refusal(await signUpWith('z'.repeat(129)))).toEqual([400, 'weak_password', PASSWORD_TEXTS.tooLong(128)]);
    expect((await signUpWith('a7Kq!x2m')).status).toBe(200);
    expect((await signUpWith('Ω'.repeat(64) + 'plain words and 😀'.padEnd(64, '.'))).status).toBe(200);
  });

  it('refuses a password from the breached list at sign-up, in any case, and creates no account', async () => {
    for (const common of ['password1', 'PASSWORD1', 'iloveyou', 'Trustno1', 'qwertyuiop']) {
      const email = uniqueEmail();
      const res = await signUpWith(common, email);
      expect(refusal(res)).toEqual([400, 'weak_password', TOO_EASY]);
      expect(await accounts(email)).toEqual([]);
    }
  });

  it('refuses a password holding the email’s local part or the display name at sign-up, but not a short one', async () => {
    expect(refusal(await signUpWith('my name is bertrand!', 'Bertrand@example.com'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await signUpWith('welcome, WILHELMINA dear', uniqueEmail(), 'Wilhelmina'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await signUpWith('sure: ada lovelace 1815', uniqueEmail(), 'Ada Lovelace'))).toEqual([400, 'weak_password', TOO_EASY]);
    // Names and local parts under 3 characters are not looked for.
    expect((await signUpWith('jolly jo jumps over', 'jo@example.com', 'Jo')).status).toBe(200);
  });

  it('refuses a breached or personal new password in Settings, then accepts a good one', async () => {
    const person = await signUp(api.server, { name: 'Philippa' });
    const change = (newPassword: string) => person.client.post<ErrorBody>('/api/account/password', { currentPassword: person.password, newPassword });
    expect(refusal(await change('sunshine'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await change('philippa rocks 2026'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await change(`${person.email.split('@')[0]}!!`))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await change('short77'))).toEqual([400, 'weak_password', PASSWORD_TEXTS.tooShort(8)]);
    expect((await change('violet kettle moons')).status).toBe(200);
    expect((await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: 'violet kettle moons' })).status).toBe(200);
  });

  it('refuses a breached or personal password on the reset link without using the link up', async () => {
    const person = await signUp(api.server, { name: 'Octavia Reset' });
    await api.server.client().post('/api/account/password/forgot', { email: person.email });
    const token = await linkToken(api.server, person.email, 'Reset your Drabble password', '/reset-password');
    const reset = (newPassword: string) => api.server.client().post<ErrorBody>('/api/account/password/reset', { token, newPassword });
    expect(refusal(await reset('football1'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await reset('octavia reset 99'))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await reset(`new ${person.email.split('@')[0]!.toUpperCase()}`))).toEqual([400, 'weak_password', TOO_EASY]);
    expect(refusal(await reset('1234567'))).toEqual([400, 'weak_password', PASSWORD_TEXTS.tooShort(8)]);
    expect((await reset('a quiet harbour at dawn')).status).toBe(200);
    expect((await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: 'a quiet harbour at dawn' })).status).toBe(200);
  });

  it('still signs in with a short or common password set before the rules', async () => {
    for (const old of ['abc123', 'password']) {
      const person = await signUp(api.server);
      const changed = await api.server.ctx.db
        .updateTable('authAccounts')
        .set({ password: await hashPassword(old) })
        .where('userId', '=', person.uid)
        .where('providerId', '=', 'credential')
        .executeTakeFirst();
      expect(Number(changed.numUpdatedRows)).toBe(1);
      const signIn = await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: old });
      expect(signIn.status).toBe(200);
      expect((await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: `${old}x` })).status).toBe(401);
    }
  });

  it('refuses every breached password in a parallel burst of sign-ups, and lets the good ones through', async () => {
    const tries = Array.from({ length: 20 }, (_, i) => (i % 2 ? { password: 'baseball1', ok: false } : { password: `quiet harbour ${i} dawn`, ok: true }));
    const answers = await Promise.all(tries.map((t) => signUpWith(t.password)));
    expect(answers.map((a) => a.status)).toEqual(tries.map((t) => (t.ok ? 200 : 400)));
  });
});
