import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, RESET_PASSWORD_TTL_MS } from '@common/account/account';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, linkToken, signUp } from '../test/server';
import { drabble } from '../test/cli';

interface Me {
  user: { uid: string; emailVerified: boolean; admin: boolean };
}

describe.each(testDialects())('reset-password on %s', (dialect) => {
  let env: Record<string, string>;
  const api = useTestServer(dialect);
  beforeAll(async () => {
    env = { ...api.server.env, PUBLIC_URL: api.server.config.publicUrl };
  });

  const signInWorks = async (email: string, password: string) =>
    (await api.server.client().post('/api/auth/sign-in/email', { email, password })).status === 200;

  it("prints a one-time link to the web's reset page for an owner without their mailbox, logged as the command line", async () => {
    // The owner never verified the address: they lost the mailbox before they could.
    const owner = await signUp(api.server, { email: ADMIN_EMAIL, password: 'forgotten password' });
    await api.server.client().post('/api/account/password/forgot', { email: ADMIN_EMAIL });
    const emailed = await linkToken(api.server, ADMIN_EMAIL, 'Reset your Drabble password', '/reset-password');
    const sentBefore = api.server.mail.messages.length;

    const before = Date.now();
    const printed = await drabble(['reset-password', ADMIN_EMAIL.toUpperCase()], env);
    const after = Date.now();
    expect(printed.code, printed.err).toBe(0);
    const [intro, link, ...rest] = printed.out.split('\n');
    expect(rest).toEqual([]);
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.server.config.publicUrl}/reset-password`);
    const token = url.searchParams.get('token')!;
    // The same link as "Forgot password" emails: same table, same lifetime, and only the newest works.
    const stored = await api.server.ctx.db.selectFrom('accountTokens').select(['purpose', 'email', 'expiresAt']).where('uid', '=', owner.uid).where('purpose', '=', 'reset-password').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'reset-password', email: ADMIN_EMAIL });
    const expiresAt = Number(stored[0]!.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + RESET_PASSWORD_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + RESET_PASSWORD_TTL_MS);
    expect(intro).toBe(`One-time link to choose a new password for ${ADMIN_EMAIL}, valid until ${new Date(expiresAt).toISOString()}:`);
    expect(api.server.mail.messages).toHaveLength(sentBefore);

    const stale = await api.server.client().post<{ error: { message: string } }>('/api/account/password/reset', { token: emailed, newPassword: 'not this one' });
    expect([stale.status, stale.body.error.message]).toEqual([400, ACCOUNT_TEXTS.linkInvalid]);

    const browser = api.server.client();
    const reset = await browser.post<Me>('/api/account/password/reset', { token, newPassword: 'a new password' });
    expect(reset.status).toBe(200);
    // The link proved the address (it is the reset flow's rule), so the owner address is admin again.
    expect(reset.body.user).toMatchObject({ uid: owner.uid, emailVerified: true, admin: true });
    expect((await owner.client.get('/api/me')).status).toBe(401);
    expect(await signInWorks(ADMIN_EMAIL, 'forgotten password')).toBe(false);
    expect(await signInWorks(ADMIN_EMAIL, 'a new password')).toBe(true);
    const reused = await api.server.client().post('/api/account/password/reset', { token, newPassword: 'once more please' });
    expect(reused.status).toBe(400);

    const logged = await api.server.ctx.db.selectFrom('systemLogs').select(['source', 'resource', 'details']).where('type', '=', 'password_reset_link').execute();
    expect(logged).toEqual([{ source: 'cli', resource: `users/${owner.uid}`, details: expect.any(String) as unknown }]);
    expect(JSON.parse(logged[0]!.details!)).toEqual({ by: 'command line', expiresAt: new Date(expiresAt).toISOString() });
    expect(logged[0]!.details).not.toContain(token);
  });

  it('refuses an unknown address and a suspended account, issuing nothing', async () => {
    expect(await drabble(['reset-password', 'nobody@example.com'], env)).toEqual({ code: 1, out: '', err: 'drabble reset-password: no account has the address nobody@example.com' });
    const sam = await signUp(api.server, { name: 'Sam' });
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', sam.uid).execute();
    expect(await drabble(['reset-password', sam.email], env)).toEqual({ code: 1, out: '', err: `drabble reset-password: ${sam.email} is suspended: lift the suspension first` });
    expect(await api.server.ctx.db.selectFrom('accountTokens').select('uid').where('uid', '=', sam.uid).where('purpose', '=', 'reset-password').execute()).toEqual([]);
  });
});
