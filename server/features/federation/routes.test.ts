import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUpVerified } from '../../test/server';

/** The members' and admins' federation routes: every refusal, and what each change does. */
describe.each(testDialects())('federation routes on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { admin: { admin: true, name: 'The Owner' }, member: { verified: true, name: 'Mia Member' } } });
  const off = useTestServer(dialect, { env: { FEDERATION: 'off', SIGNUP_RATE_LIMIT: '1000' } });

  it('answers a guest 401 and a member their own settings, and saves them', async () => {
    expect((await api.server.client().get('/api/federation/settings')).status).toBe(401);
    const settings = await api.member.client.get('/api/federation/settings');
    expect(settings.body).toEqual({ enabled: true, federate: true, replies: 'show', address: expect.stringMatching(/^@mia_member\d*@localhost:\d+$/) });
    const saved = await api.member.client.patch('/api/federation/settings', { replies: 'hold' });
    expect(saved.body).toMatchObject({ federate: true, replies: 'hold' });
    for (const body of [{}, { replies: 'sometimes' }, { federate: 'yes' }, { federate: true, extra: 1 }]) {
      const refused = await api.member.client.patch('/api/federation/settings', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.member.client.get('/api/federation/settings')).body).toMatchObject({ replies: 'hold' });
  });

  it('refuses addresses that are not fediverse addresses, ones on this server and blocked domains', async () => {
    for (const handle of ['', 'nobody', '@a@', 'a b@example.com', `@${'x'.repeat(70)}@example.com`]) {
      const refused = await api.member.client.post('/api/federation/following', { handle });
      expect(refused.status, handle).toBe(400);
    }
    const self = await api.member.client.post('/api/federation/following', { handle: `@someone@${new URL(api.server.config.publicUrl).host}` });
    expect(self.status).toBe(400);
    await api.admin.client.post('/api/admin/federation/domains', { domain: 'bad.example', mode: 'block' });
    const blocked = await api.member.client.post('/api/federation/following', { handle: '@a@sub.bad.example' });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: { code: 'domain_blocked' } });
    // Without FEDERATION_ALLOW_PRIVATE_ADDRESSES a loopback server is never looked up.
    const loopback = await api.member.client.post('/api/federation/following', { handle: '@a@127.0.0.1:9' });
    expect(loopback.status).toBe(404);
    expect((await api.member.client.get('/api/federation/following')).body).toEqual({ following: [] });
    await api.admin.client.post('/api/admin/federation/domains/remove', { domain: 'bad.example' });
  });

  it('lets only admins block, silence and lift domains, and records each change', async () => {
    expect((await api.member.client.get('/api/admin/federation')).status).toBe(403);
    expect((await api.member.client.post('/api/admin/federation/domains', { domain: 'x.example', mode: 'block' })).status).toBe(403);
    expect((await api.server.client().get('/api/admin/federation')).status).toBe(401);
    for (const body of [{ domain: 'not a domain', mode: 'block' }, { domain: 'ok.example', mode: 'ban' }, { domain: 'ok.example' }]) {
      expect((await api.admin.client.post('/api/admin/federation/domains', body)).status, JSON.stringify(body)).toBe(400);
    }
    const blocked = await api.admin.client.post('/api/admin/federation/domains', { domain: 'Spam.Example', mode: 'block' });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ enabled: true, domains: [{ domain: 'spam.example', mode: 'block' }] });
    const silenced = await api.admin.client.post('/api/admin/federation/domains', { domain: 'spam.example', mode: 'silence' });
    expect(silenced.body).toMatchObject({ domains: [{ domain: 'spam.example', mode: 'silence' }] });
    expect((await api.admin.client.post('/api/admin/federation/domains/remove', { domain: 'never.example' })).status).toBe(404);
    const lifted = await api.admin.client.post('/api/admin/federation/domains/remove', { domain: 'spam.example' });
    expect(lifted.body).toMatchObject({ domains: [] });
    const log = await api.server.ctx.db.selectFrom('adminLogs').select('action').where('target', '=', 'fedDomains/spam.example').execute();
    expect(log.map((r) => r.action).sort()).toEqual(['federation_domain_block', 'federation_domain_cleared', 'federation_domain_silence']);
  });

  it('with FEDERATION=off serves no WebFinger or actors, and says so to members', async () => {
    const person = await signUpVerified(off.server, { name: 'Off Person' });
    expect((await person.client.get('/api/federation/settings')).body).toMatchObject({ enabled: false });
    const follow = await person.client.post('/api/federation/following', { handle: '@a@example.com' });
    expect(follow.status).toBe(404);
    expect(follow.body).toMatchObject({ error: { code: 'federation_off' } });
    const finger = await fetch(`${off.server.url}/.well-known/webfinger?resource=acct:off_person@${new URL(off.server.config.publicUrl).host}`);
    expect(finger.status).toBe(404);
    const actor = await fetch(`${off.server.url}/ap/users/${person.uid}`, { headers: { accept: 'application/activity+json' } });
    expect(actor.headers.get('content-type') ?? '').not.toMatch(/activity\+json/);
  });
});
