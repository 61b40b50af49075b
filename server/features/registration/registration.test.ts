import { beforeEach, describe, expect, it } from 'vitest';
import { inviteListSchema, inviteSchema, registrationInfoSchema, registrationSettingsSchema, REGISTRATION_TEXTS, type Invite, type RegistrationUpdate } from '@common/registration/registration';
import { adminUserListSchema } from '@common/moderation/moderation';
import type { MeResponse } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, uniqueEmail } from '../../test/server';
import { expectAdminsOnly } from '../admin/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';
import { HOSTILE_BLOCKED_ADDRESSES } from './test-support';

describe.each(testDialects())('who may join on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '10000' }, people: { owner: { admin: true, name: 'The Owner' }, writer: { verified: true, name: 'Wanda Writer' } } });
  beforeEach(async () => {
    await setRegistration({ mode: 'open', blockedDomains: [] });
  });

  async function setRegistration(update: RegistrationUpdate) {
    const res = await api.owner.client.patch('/api/admin/settings/registration', update);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return registrationSettingsSchema.parse(res.body);
  }

  const signUpWith = (email: string, invite?: string) =>
    api.server.client().post<ErrorBody & { user: { id: string } }>('/api/auth/sign-up/email', { email, password: 'correct horse 1', name: 'New Person', ...(invite === undefined ? {} : { invite }) });

  async function newInvite(body: { maxUses?: number | null; expiresInDays?: number | null } = {}): Promise<Invite> {
    const res = await api.owner.client.post('/api/admin/invites', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return inviteSchema.parse(res.body);
  }

  async function adminActions(action: string) {
    const rows = await api.server.ctx.db.selectFrom('adminLogs').select(['action', 'target', 'details', 'user']).where('action', '=', action).orderBy('timestamp').orderBy('id').execute();
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details ?? 'null') as unknown, user: JSON.parse(row.user ?? 'null') as { uid: string } }));
  }

  it('is open by default: a sign-up gets straight in', async () => {
    const info = registrationInfoSchema.parse((await api.server.client().get('/api/registration')).body);
    expect(info).toEqual({ mode: 'open', invite: null });
    const person = await signUp(api.server);
    const me = await person.client.get<MeResponse>('/api/me');
    expect(me.body.user.awaitingApproval).toBe(false);
    expect((await person.client.get('/api/feed')).status).toBe(200);
  });

  it('approval: a new account signs in but waits, refused everywhere but its record, until approved; then it is emailed and gets in', async () => {
    await setRegistration({ mode: 'approval' });
    const person = await signUp(api.server, { name: 'Patient Person' });
    const me = await person.client.get<MeResponse>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.awaitingApproval).toBe(true);
    for (const [method, path] of [['GET', '/api/feed'], ['GET', '/api/stories/mine'], ['POST', '/api/stories'], ['GET', '/api/account'], ['GET', '/api/notifications']] as const) {
      const refused = await person.client.send<ErrorBody>(method, path, method === 'POST' ? { title: 'x', content: 'y' } : undefined);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error).toEqual({ code: 'awaiting_approval', message: REGISTRATION_TEXTS.awaitingApproval });
    }
    // Existing accounts are unaffected by the mode.
    expect((await api.writer.client.get('/api/feed')).status).toBe(200);
    // Signing out still works.
    const signedIn = await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(signedIn.status).toBe(200);

    const waiting = adminUserListSchema.parse((await api.owner.client.get('/api/admin/users?status=waiting')).body);
    expect(waiting.items.map((u) => u.uid)).toContain(person.uid);
    expect(waiting.items.every((u) => u.status === 'waiting')).toBe(true);
    const active = adminUserListSchema.parse((await api.owner.client.get('/api/admin/users?status=active')).body);
    expect(active.items.map((u) => u.uid)).not.toContain(person.uid);

    const approved = await api.owner.client.post(`/api/admin/users/${person.uid}/approval`, { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await person.client.get<MeResponse>('/api/me')).body.user.awaitingApproval).toBe(false);
    expect((await person.client.get('/api/feed')).status).toBe(200);
    const mail = await api.server.mail.waitFor({ to: person.email, subject: /was approved/ });
    expect(mail.text).toContain('You can sign in and start writing now.');
    // Deciding again: not waiting any more.
    const again = await api.owner.client.post<ErrorBody>(`/api/admin/users/${person.uid}/approval`, { decision: 'decline' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(REGISTRATION_TEXTS.notWaiting);
    expect((await api.owner.client.post<ErrorBody>(`/api/admin/users/${api.writer.uid}/approval`, { decision: 'approve' })).status).toBe(409);

    const [entry] = (await adminActions('account_approved')).filter((e) => e.target === `users/${person.uid}`);
    expect(entry?.user.uid).toBe(api.owner.uid);
  });

  it('approval: a waiting person reads what a guest may read (the community, public stories, profiles, prompts) and nothing of their own', async () => {
    const story = await postStory(api.writer.client, { public: true, title: 'Read while waiting' });
    await setRegistration({ mode: 'approval' });
    const person = await signUp(api.server, { name: 'Reading Waiter' });
    const guest = api.server.client();
    for (const path of ['/api/stories/community', '/api/stories/community?sort=newest', `/api/stories/${story.id}`, `/api/users/${api.writer.uid}`, '/api/prompts/today', '/api/tags']) {
      const [asGuest, asWaiting] = await Promise.all([guest.get(path), person.client.get(path)]);
      expect(asGuest.status, path).toBe(200);
      expect(asWaiting.status, path).toBe(200);
      expect(asWaiting.body, path).toEqual(asGuest.body);
    }
    const community = await person.client.get<{ stories: Array<{ id: string }> }>('/api/stories/community');
    expect(community.body.stories.map((s) => s.id)).toContain(story.id);
    // What needs an account still says why it is refused, not "sign in".
    for (const path of ['/api/feed', '/api/notifications', '/api/stories/mine', '/api/account']) {
      const refused = await person.client.get<ErrorBody>(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error, path).toEqual({ code: 'awaiting_approval', message: REGISTRATION_TEXTS.awaitingApproval });
    }
    // Reading as a guest writes nothing: no view counted under their name, no reaction possible.
    const react = await person.client.send<ErrorBody>('PUT', `/api/stories/${story.id}/reactions/like`);
    expect(react.status).toBe(403);
    expect(react.body.error.code).toBe('awaiting_approval');
    // Their own record is still theirs, and so is how the site looks to them.
    expect((await person.client.get<MeResponse>('/api/me')).body.user).toMatchObject({ uid: person.uid, awaitingApproval: true });
    const look = await person.client.patch<MeResponse>('/api/me/preferences', { themeMode: 'dark-blue' });
    expect(look.status).toBe(200);
    expect(look.body.user.themeMode).toBe('dark-blue');
  });

  it('approval: admins see how many people wait, counted as the Users queue lists them, through a burst of sign-ups and decisions', async () => {
    await setRegistration({ mode: 'approval' });
    const waitingCount = async () => {
      const res = await api.owner.client.get<{ users: number; waiting: number }>('/api/admin/overview');
      expect(res.status).toBe(200);
      return res.body.waiting;
    };
    const listed = async () => adminUserListSchema.parse((await api.owner.client.get('/api/admin/users?status=waiting')).body).items.length;
    const before = await waitingCount();
    expect(before).toBe(await listed());
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(api.server, { name: `Queued ${i}` })));
    expect(await waitingCount()).toBe(before + 6);
    expect(await listed()).toBe(before + 6);
    // Decisions at once, each person twice: every one is decided once, and the count follows.
    const decisions = await Promise.all(
      people.flatMap((p, i) => [0, 1].map(() => api.owner.client.post(`/api/admin/users/${p.uid}/approval`, { decision: i % 2 ? 'decline' : 'approve' }))),
    );
    expect(decisions.filter((r) => r.status === 200)).toHaveLength(6);
    expect(await waitingCount()).toBe(before);
    expect(await listed()).toBe(before);
    // Not for anyone else.
    expect((await api.writer.client.get('/api/admin/overview')).status).toBe(403);
  });

  it('approval: a declined account is deleted, emailed, logged, and its address can sign up again', async () => {
    await setRegistration({ mode: 'approval' });
    const person = await signUp(api.server, { name: 'Declined Person' });
    const declined = await api.owner.client.post(`/api/admin/users/${person.uid}/approval`, { decision: 'decline' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    await api.server.mail.waitFor({ to: person.email, subject: /was not approved/ });
    const row = await api.server.ctx.db.selectFrom('users').select('deletedAt').where('uid', '=', person.uid).executeTakeFirstOrThrow();
    expect(row.deletedAt).not.toBeNull();
    expect((await person.client.get('/api/me')).status).toBe(401);
    const signIn = await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(signIn.status).toBe(401);
    expect((await adminActions('account_declined')).map((e) => e.target)).toContain(`users/${person.uid}`);
    // A decision on a deleted account: not found.
    expect((await api.owner.client.post(`/api/admin/users/${person.uid}/approval`, { decision: 'approve' })).status).toBe(404);
    await setRegistration({ mode: 'open' });
    expect((await signUpWith(person.email)).status).toBe(200);
  });

  it('approval: two admins deciding at once make one decision, and one email goes out', async () => {
    await setRegistration({ mode: 'approval' });
    const person = await signUp(api.server);
    const results = await Promise.all(
      ['approve', 'decline', 'approve', 'decline'].map((decision) => api.owner.client.post(`/api/admin/users/${person.uid}/approval`, { decision })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 404)).toBe(true);
    const logged = [...(await adminActions('account_approved')), ...(await adminActions('account_declined'))].filter((e) => e.target === `users/${person.uid}`);
    expect(logged).toHaveLength(1);
  });

  it('invite only: refused without an invite or with a bad one; an invite works for its uses, then not', async () => {
    await setRegistration({ mode: 'invite' });
    const without = await signUpWith(uniqueEmail());
    expect(without.status).toBe(403);
    expect(without.body.error).toEqual({ code: 'invite_required', message: REGISTRATION_TEXTS.inviteRequired });
    const bogus = await signUpWith(uniqueEmail(), 'x'.repeat(22));
    expect(bogus.status).toBe(403);
    expect(bogus.body.error).toEqual({ code: 'invite_invalid', message: REGISTRATION_TEXTS.inviteInvalid });

    const invite = await newInvite({ maxUses: 2 });
    expect(invite).toMatchObject({ maxUses: 2, uses: 0, expiresAt: null, state: 'active', joined: [] });
    expect(registrationInfoSchema.parse((await api.server.client().get(`/api/registration?invite=${invite.code}`)).body)).toEqual({ mode: 'invite', invite: 'valid' });
    const first = await signUpWith(uniqueEmail(), invite.code);
    const second = await signUpWith(uniqueEmail(), invite.code);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await signUpWith(uniqueEmail(), invite.code);
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe('invite_invalid');
    expect(registrationInfoSchema.parse((await api.server.client().get(`/api/registration?invite=${invite.code}`)).body).invite).toBe('invalid');

    const list = inviteListSchema.parse((await api.owner.client.get('/api/admin/invites')).body);
    const listed = list.items.find((i) => i.id === invite.id)!;
    expect(listed).toMatchObject({ uses: 2, state: 'used up', createdBy: { uid: api.owner.uid, displayName: 'The Owner' } });
    expect(listed.joined.map((j) => j.uid).sort()).toEqual([first.body.user.id, second.body.user.id].sort());
    // An account that joined by invite is not waiting.
    expect(await api.server.ctx.db.selectFrom('users').select('awaitingApprovalSince').where('uid', '=', first.body.user.id).executeTakeFirstOrThrow()).toEqual({ awaitingApprovalSince: null });
    // Existing accounts sign in as ever.
    expect((await api.server.client().post('/api/auth/sign-in/email', { email: api.writer.email, password: api.writer.password })).status).toBe(200);
    // The audit log has the invite without its code.
    const created = (await adminActions('invite_created')).find((e) => e.target === `invites/${invite.id}`);
    expect(created?.details).toEqual({ maxUses: 2, expiresAt: null });
    expect(JSON.stringify(created)).not.toContain(invite.code);
  });

  it('invite only: an expired invite and a revoked one are refused; revoking twice is a conflict', async () => {
    await setRegistration({ mode: 'invite' });
    const expiring = await newInvite({ expiresInDays: 7 });
    expect(Date.parse(expiring.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect((await signUpWith(uniqueEmail(), expiring.code)).status).toBe(200);
    await api.server.ctx.db.updateTable('invites').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expiring.id).execute();
    const late = await signUpWith(uniqueEmail(), expiring.code);
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('invite_invalid');

    const revoking = await newInvite();
    const revoked = await api.owner.client.post(`/api/admin/invites/${revoking.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(inviteSchema.parse(revoked.body).state).toBe('revoked');
    expect((await signUpWith(uniqueEmail(), revoking.code)).status).toBe(403);
    const twice = await api.owner.client.post<ErrorBody>(`/api/admin/invites/${revoking.id}/revoke`);
    expect(twice.status).toBe(409);
    expect((await api.owner.client.post('/api/admin/invites/00000000-0000-4000-8000-000000000000/revoke')).status).toBe(404);
    expect((await adminActions('invite_revoked')).map((e) => e.target)).toContain(`invites/${revoking.id}`);
  });

  it('invite only: a burst of sign-ups never takes more places than the invite has', async () => {
    await setRegistration({ mode: 'invite' });
    const invite = await newInvite({ maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 12 }, () => signUpWith(uniqueEmail(), invite.code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 403 && r.body.error.code === 'invite_invalid')).toBe(true);
    const row = await api.server.ctx.db.selectFrom('invites').select('uses').where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(Number(row.uses)).toBe(3);
    const joins = await api.server.ctx.db.selectFrom('inviteJoins').select('uid').where('inviteId', '=', invite.id).execute();
    expect(joins).toHaveLength(3);
  });

  it('blocks email domains and their subdomains at sign-up and email change, in neutral words', async () => {
    const saved = await setRegistration({ blockedDomains: ['Spam.Example', '@bad.test', '*.junk.test', 'spam.example'] });
    expect(saved.blockedDomains).toEqual(['bad.test', 'junk.test', 'spam.example']);
    for (const email of ['someone@spam.example', 'Someone@MAIL.Spam.Example', 'x@deep.sub.bad.test', 'y@junk.test']) {
      const refused = await signUpWith(email);
      expect(refused.status, email).toBe(403);
      expect(refused.body.error).toEqual({ code: 'sign_up_not_possible', message: REGISTRATION_TEXTS.emailNotPossible });
    }
    expect((await signUpWith(`ok.${Date.now()}@notspam.example`)).status).toBe(200);
    expect((await signUpWith(`ok.${Date.now()}@spam.example.org`)).status).toBe(200);

    const change = await api.writer.client.post<ErrorBody>('/api/account/email', { newEmail: 'wanda@sub.bad.test', currentPassword: api.writer.password });
    expect(change.status).toBe(400);
    expect(change.body.error).toEqual({ code: 'email_not_possible', message: REGISTRATION_TEXTS.emailChangeNotPossible });
    expect((await api.writer.client.post('/api/account/email', { newEmail: uniqueEmail('wanda'), currentPassword: api.writer.password })).status).toBe(200);

    const invalid = await api.owner.client.patch<ErrorBody>('/api/admin/settings/registration', { blockedDomains: ['not a domain'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain(REGISTRATION_TEXTS.invalidDomain('not a domain'));
    const logged = (await adminActions('registration_settings_changed')).find((e) => JSON.stringify(e.details).includes('junk.test'));
    expect(logged?.details).toEqual({ blockedDomains: { added: ['bad.test', 'junk.test', 'spam.example'], removed: [] } });
  });

  it('refuses, at sign-up and email change, an address whose domain is under a blocked one but cannot be read as a domain name', async () => {
    await setRegistration({ blockedDomains: ['blocked.test'] });
    for (const email of HOSTILE_BLOCKED_ADDRESSES) {
      const refused = await signUpWith(email);
      expect(refused.status, email).toBe(403);
      expect(refused.body.error, email).toEqual({ code: 'sign_up_not_possible', message: REGISTRATION_TEXTS.emailNotPossible });
      const change = await api.writer.client.post<ErrorBody>('/api/account/email', { newEmail: email, currentPassword: api.writer.password });
      expect(change.status, email).toBe(400);
      expect(change.body.error, email).toEqual({ code: 'email_not_possible', message: REGISTRATION_TEXTS.emailChangeNotPossible });
    }
    const accounts = await api.server.ctx.db.selectFrom('authUsers').select('email').where('email', 'like', '%blocked.test%').execute();
    expect(accounts).toEqual([]);
  });

  it('logs each mode change with what it was and became', async () => {
    await setRegistration({ mode: 'invite' });
    await setRegistration({ mode: 'approval' });
    const modes = (await adminActions('registration_settings_changed')).map((e) => e.details).filter((d) => JSON.stringify(d).includes('"mode"'));
    expect(modes.slice(-2)).toEqual([{ mode: { from: 'open', to: 'invite' } }, { mode: { from: 'invite', to: 'approval' } }]);
    const audit = await api.owner.client.get<{ entries: Array<{ type: string }> }>('/api/admin/audit?type=registration_settings_changed');
    expect(audit.status).toBe(200);
    expect(audit.body.entries.length).toBeGreaterThan(0);
  });

  it('refuses bodies that make no sense with 400', async () => {
    for (const body of [{}, { mode: 'closed' }, { mode: 'open', extra: 1 }, { blockedDomains: 'spam.example' }]) {
      expect((await api.owner.client.patch('/api/admin/settings/registration', body)).status).toBe(400);
    }
    for (const body of [{ maxUses: 0 }, { maxUses: 1.5 }, { expiresInDays: 0 }, { expiresInDays: 10_000 }, { code: 'mine' }]) {
      expect((await api.owner.client.post('/api/admin/invites', body)).status).toBe(400);
    }
    expect((await api.owner.client.post(`/api/admin/users/${api.writer.uid}/approval`, { decision: 'maybe' })).status).toBe(400);
  });

  it('is for admins only', async () => {
    const invite = await newInvite();
    await expectAdminsOnly(api.server, api.writer, 'GET', '/api/admin/settings/registration');
    await expectAdminsOnly(api.server, api.writer, 'GET', '/api/admin/invites');
    await expectAdminsOnly(api.server, api.writer, 'POST', '/api/admin/invites');
    await expectAdminsOnly(api.server, api.writer, 'POST', `/api/admin/invites/${invite.id}/revoke`);
    await expectAdminsOnly(api.server, api.writer, 'POST', `/api/admin/users/${api.writer.uid}/approval`);
    const patch = await api.writer.client.patch<ErrorBody>('/api/admin/settings/registration', { mode: 'invite' });
    expect(patch.status).toBe(403);
    expect(patch.body.error.code).toBe('forbidden');
    expect(registrationInfoSchema.parse((await api.server.client().get('/api/registration')).body).mode).toBe('open');
  });
});
