import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteSchema } from '@common/registration/registration';
import type { MeResponse } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { uniqueEmail } from '../../test/server';
import { signInWithProvider, startMockOidc } from '../../test/oidc';
import { HOSTILE_BLOCKED_ADDRESSES } from './test-support';

type MockOidc = Awaited<ReturnType<typeof startMockOidc>>;

describe.each(testDialects())('provider sign-ups follow the registration mode on %s', (dialect) => {
  let oidc: MockOidc;
  beforeAll(async () => {
    oidc = await startMockOidc();
  });
  afterAll(async () => {
    await oidc.stop();
  });
  const api = useTestServer(dialect, { env: () => ({ GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_DISCOVERY_URL: oidc.discoveryUrl }), people: { owner: { admin: true, name: 'The Owner' } } });

  const setMode = async (mode: string) => expect((await api.owner.client.patch('/api/admin/settings/registration', { mode })).status).toBe(200);
  const accountsFor = (email: string) => api.server.ctx.db.selectFrom('authUsers').select('id').where('email', '=', email).execute();

  it('invite only: a new person through a provider without a valid invite is refused and no account is made; with one they join', async () => {
    // Someone who joined through the provider while it was open keeps signing in.
    const earlier = uniqueEmail('earlier');
    oidc.signInAs({ sub: `sub-${earlier}`, email: earlier, name: 'Early Bird' });
    expect((await signInWithProvider(api.server.client(), 'google')).headers.get('location')).toBe('/stories');
    await setMode('invite');

    const email = uniqueEmail('provider');
    oidc.signInAs({ sub: `sub-${email}`, email, name: 'Provider Person' });
    const refused = await signInWithProvider(api.server.client(), 'google');
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?provider=google&error=invite_required');
    expect(await accountsFor(email)).toEqual([]);

    const bad = await signInWithProvider(api.server.client(), 'google', { invite: 'y'.repeat(22) });
    expect(bad.headers.get('location')).toBe('/login?provider=google&error=invite_invalid');
    expect(await accountsFor(email)).toEqual([]);

    const invite = inviteSchema.parse((await api.owner.client.post('/api/admin/invites', { maxUses: 1 })).body);
    const client = api.server.client();
    const joined = await signInWithProvider(client, 'google', { invite: invite.code });
    expect(joined.headers.get('location')).toBe('/stories');
    // The invite cookie is cleared once the provider has answered.
    expect(joined.headers.getSetCookie().some((c) => /^drabble\.invite=;.*Max-Age=0/.test(c))).toBe(true);
    const me = (await client.get<MeResponse>('/api/me')).body.user;
    expect(me.awaitingApproval).toBe(false);
    const joins = await api.server.ctx.db.selectFrom('inviteJoins').select('uid').where('inviteId', '=', invite.id).execute();
    expect(joins.map((j) => j.uid)).toEqual([me.uid]);

    // The invite is used up: the next new person is refused.
    const next = uniqueEmail('next');
    oidc.signInAs({ sub: `sub-${next}`, email: next, name: 'Next Person' });
    expect((await signInWithProvider(api.server.client(), 'google', { invite: invite.code })).headers.get('location')).toBe('/login?provider=google&error=invite_invalid');

    // Existing accounts are unaffected: both sign in again without an invite.
    oidc.signInAs({ sub: `sub-${email}`, email, name: 'Provider Person' });
    expect((await signInWithProvider(api.server.client(), 'google')).headers.get('location')).toBe('/stories');
    oidc.signInAs({ sub: `sub-${earlier}`, email: earlier, name: 'Early Bird' });
    expect((await signInWithProvider(api.server.client(), 'google')).headers.get('location')).toBe('/stories');
  });

  it('a blocked domain keeps out a provider’s address under it that cannot be read as a domain name, and makes no account', async () => {
    expect((await api.owner.client.patch('/api/admin/settings/registration', { mode: 'open', blockedDomains: ['blocked.test'] })).status).toBe(200);
    try {
      for (const email of [...HOSTILE_BLOCKED_ADDRESSES, 'p@blocked.test..']) {
        oidc.signInAs({ sub: `sub-${email}`, email, name: 'Hostile Person' });
        const refused = await signInWithProvider(api.server.client(), 'google');
        expect(refused.headers.get('location'), email).toBe('/login?provider=google&error=sign_up_not_possible');
        expect(await accountsFor(email), email).toEqual([]);
      }
      expect(await api.server.ctx.db.selectFrom('authUsers').select('email').where('email', 'like', '%blocked.test%').execute()).toEqual([]);
    } finally {
      expect((await api.owner.client.patch('/api/admin/settings/registration', { blockedDomains: [] })).status).toBe(200);
    }
  });

  it('approval: a new person through a provider signs in and waits', async () => {
    await setMode('approval');
    const email = uniqueEmail('waiting');
    oidc.signInAs({ sub: `sub-${email}`, email, name: 'Waiting Person' });
    const client = api.server.client();
    expect((await signInWithProvider(client, 'google')).headers.get('location')).toBe('/stories');
    expect((await client.get<MeResponse>('/api/me')).body.user.awaitingApproval).toBe(true);
    expect((await client.get('/api/feed')).status).toBe(403);
    await setMode('open');
  });
});
