import { beforeAll, describe, expect, it } from 'vitest';
import { syncEmailVerification } from '../auth/owner';
import { SESSION_USER_TTL_MS } from '../auth/session-user-cache';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, verifyEmail, type SignedUp } from '../test/server';
import { buildCommandLine, drabble, drabbleProcess } from '../test/cli';

interface Me {
  user: { admin: boolean };
}

describe.each(testDialects())('admin commands on %s', (dialect) => {
  /** The install's environment as the server has it, its public address included (links in messages). */
  let env: Record<string, string>;
  const api = useTestServer(dialect);
  beforeAll(async () => {
    env = { ...api.server.env, PUBLIC_URL: api.server.config.publicUrl };
  });

  const isAdmin = async (person: SignedUp) => (await person.client.get<Me>('/api/me')).body.user.admin;
  const adminsNow = async () =>
    (await api.server.ctx.db.selectFrom('users').select('email').where('admin', '=', 1).orderBy('email').execute()).map((r) => r.email);
  const cliLogs = (type: string) =>
    api.server.ctx.db.selectFrom('systemLogs').select(['type', 'source', 'resource', 'user']).where('type', '=', type).orderBy('timestamp').orderBy('id').execute();

  it('create-admin makes a verified account an admin, refuses what cannot be one, and logs it as the command line', async () => {
    expect(await drabble(['create-admin', 'nobody@example.com'], env)).toEqual({
      code: 1,
      out: '',
      err: `drabble create-admin: no account has the address nobody@example.com: sign up with it first (${api.server.config.publicUrl}/login), then run this again`,
    });

    // An unverified address would lose admin at the next start (auth/owner.ts): refused.
    const ada = await signUp(api.server, { name: 'Ada' });
    const unverified = await drabble(['create-admin', ada.email], env);
    expect(unverified.code).toBe(1);
    expect(unverified.err).toBe(
      `drabble create-admin: ${ada.email} has not verified the address, and an admin's address must be verified (run "npx drabble verify-email ${ada.email}" first if you know it is theirs)`,
    );
    expect(await isAdmin(ada)).toBe(false);

    await verifyEmail(api.server, ada.email);
    expect((await ada.client.get('/api/admin/overview')).status).toBe(403);
    expect(await drabble(['create-admin', ada.email.toUpperCase()], env)).toEqual({ code: 0, out: `${ada.email} is now an admin.`, err: '' });
    // The server may answer a read from the users row it read a moment ago: the change shows
    // within a second (SESSION_USER_TTL_MS; at once where the command's live event is heard).
    await expect.poll(() => isAdmin(ada), { timeout: SESSION_USER_TTL_MS + 2000, interval: 100 }).toBe(true);
    expect((await ada.client.get('/api/admin/overview')).status).toBe(200);
    expect(await drabble(['create-admin', ada.email], env)).toEqual({ code: 0, out: `${ada.email} is already an admin.`, err: '' });
    expect(await cliLogs('admin_granted')).toEqual([
      { type: 'admin_granted', source: 'cli', resource: `users/${ada.uid}`, user: expect.stringContaining(ada.uid) as unknown },
    ]);
    // The server's start-up rule keeps a verified admin.
    await syncEmailVerification(api.server.ctx.db, api.server.config.adminEmail, api.server.ctx.logger);
    expect(await isAdmin(ada)).toBe(true);

    const suspended = await signUpVerified(api.server, { name: 'Sam' });
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', suspended.uid).execute();
    expect(await drabble(['create-admin', suspended.email], env)).toMatchObject({ code: 1, err: `drabble create-admin: ${suspended.email} is suspended: lift the suspension first` });
    const leaving = await signUpVerified(api.server, { name: 'Lee' });
    expect((await leaving.client.post('/api/account/deletion', { email: leaving.email })).status).toBe(200);
    expect(await drabble(['create-admin', leaving.email], env)).toMatchObject({
      code: 1,
      err: `drabble create-admin: ${leaving.email} has asked to delete their account: they cancel the deletion first`,
    });
    expect(await adminsNow()).toEqual([ada.email]);
  });

  it('remove-admin keeps the ADMIN_EMAIL owner and the last admin, and logs what it removed', async () => {
    const owner = await signUpVerified(api.server, { email: ADMIN_EMAIL, name: 'Owner' });
    const [ada] = await api.server.ctx.db.selectFrom('users').select(['email', 'uid']).where('admin', '=', 1).where('email', '!=', ADMIN_EMAIL).execute();
    expect(ada).toBeDefined();
    expect(await adminsNow()).toEqual([ada!.email, ADMIN_EMAIL].sort());

    // The server makes the owner address an admin at every start: removing it would not last.
    expect(await drabble(['remove-admin', ADMIN_EMAIL], env)).toMatchObject({
      code: 1,
      err: `drabble remove-admin: ${ADMIN_EMAIL} is ADMIN_EMAIL, which the server makes an admin whenever it starts: set ADMIN_EMAIL to another address and restart first`,
    });
    expect(await isAdmin(owner)).toBe(true);

    expect(await drabble(['remove-admin', ada!.email], env)).toEqual({ code: 0, out: `${ada!.email} is no longer an admin.`, err: '' });
    expect(await adminsNow()).toEqual([ADMIN_EMAIL]);
    expect(await drabble(['remove-admin', ada!.email], env)).toEqual({ code: 0, out: `${ada!.email} is not an admin.`, err: '' });
    expect(await cliLogs('admin_removed')).toEqual([{ type: 'admin_removed', source: 'cli', resource: `users/${ada!.uid}`, user: expect.stringContaining(ada!.uid) as unknown }]);
    expect(await drabble(['remove-admin', 'nobody@example.com'], env)).toMatchObject({ code: 1, err: 'drabble remove-admin: no account has the address nobody@example.com' });

    // Once ADMIN_EMAIL names someone else, the owner is an admin like any other: never the last one.
    const moved = { ...env, ADMIN_EMAIL: 'new-owner@drabble.test' };
    expect(await drabble(['remove-admin', ADMIN_EMAIL], moved)).toMatchObject({
      code: 1,
      err: `drabble remove-admin: ${ADMIN_EMAIL} is the last admin: make someone else an admin first (npx drabble create-admin EMAIL)`,
    });
    // An admin who is suspended runs nothing: they do not count as one who stays.
    await drabble(['create-admin', ada!.email], env);
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', ada!.uid).execute();
    expect((await drabble(['remove-admin', ADMIN_EMAIL], moved)).code).toBe(1);
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: null }).where('uid', '=', ada!.uid).execute();
    expect(await drabble(['remove-admin', ADMIN_EMAIL], moved)).toMatchObject({ code: 0, out: `${ADMIN_EMAIL} is no longer an admin.` });
    expect(await adminsNow()).toEqual([ada!.email]);
    expect(await isAdmin(owner)).toBe(false);
  });
});

describe.each(testDialects())('two remove-admin commands at once on %s', (dialect) => {
  beforeAll(() => {
    // Before the server, so that a stale dist/cli.js is not built twice by the pair below.
    buildCommandLine();
  });
  const api = useTestServer(dialect);

  it('leave exactly one of the last two admins (two processes running node bin/drabble.js)', async () => {
    const ada = await signUpVerified(api.server, { name: 'Ada' });
    const bob = await signUpVerified(api.server, { name: 'Bob' });
    for (let round = 0; round < 2; round++) {
      for (const person of [ada, bob]) {
        const made = await drabble(['create-admin', person.email], api.server.env);
        expect(made.code, made.err).toBe(0);
      }
      const results = await Promise.all([ada, bob].map((person) => drabbleProcess(['remove-admin', person.email], api.server.env)));
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([0, 1]);
      const refused = results.find((r) => r.code === 1)!;
      expect(refused.err, refused.err).toMatch(/^drabble remove-admin: \S+ is the last admin: make someone else an admin first/);
      const admins = await api.server.ctx.db.selectFrom('users').select('uid').where('admin', '=', 1).execute();
      expect(admins).toHaveLength(1);
    }
  });

  it.runIf(dialect === 'postgres')('leave exactly one of the last two admins, round after round (in this process, on the pool)', async () => {
    const ada = await signUpVerified(api.server, { name: 'Ada' });
    const bob = await signUpVerified(api.server, { name: 'Bob' });
    await api.server.ctx.db.updateTable('users').set({ admin: 0 }).execute();
    for (let round = 0; round < 10; round++) {
      await api.server.ctx.db.updateTable('users').set({ admin: 1 }).where('uid', 'in', [ada.uid, bob.uid]).execute();
      const results = await Promise.all([ada, bob].map((person) => drabble(['remove-admin', person.email], api.server.env)));
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([0, 1]);
      expect(await api.server.ctx.db.selectFrom('users').select('uid').where('admin', '=', 1).execute()).toHaveLength(1);
    }
  });
});
