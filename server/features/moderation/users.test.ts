import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserDetailSchema, adminUserListSchema, REPORT_TEXTS, type AdminUserDetail } from '@common/moderation/moderation';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { ADMIN_EMAIL, signUpVerified, type SignedUp } from '../../test/server';
import { expectAdminsOnly, insertUser } from '../admin/test-support';
import { befriend } from '../messages/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';
import { fileReport, newAdmin, notices, readCase } from './test-support';

describe.each(testDialects())('admin users on %s', (dialect) => {
  let admin2: SignedUp;
  let writer: SignedUp;

  const api = useTestServer(dialect, { people: { owner: { admin: true, name: 'The Owner' } } });
  beforeAll(async () => {
    admin2 = await newAdmin(api.server, 'Second Admin');
    writer = await signUpVerified(api.server, { name: 'Wanda Writer' });
  });

  async function act(admin: SignedUp, uid: string, body: Record<string, unknown>) {
    return admin.client.post<ErrorBody>(`/api/admin/users/${uid}/actions`, { reason: 'For the test', ...body });
  }
  async function detail(admin: SignedUp, uid: string): Promise<AdminUserDetail> {
    const res = await admin.client.get(`/api/admin/users/${uid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return adminUserDetailSchema.parse(res.body);
  }
  async function list(query: string) {
    const res = await api.owner.client.get(`/api/admin/users${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return adminUserListSchema.parse(res.body);
  }

  it('is for admins only on every route', async () => {
    await expectAdminsOnly(api.server, writer, 'GET', '/api/admin/users');
    await expectAdminsOnly(api.server, writer, 'GET', `/api/admin/users/${writer.uid}`);
    await expectAdminsOnly(api.server, writer, 'POST', `/api/admin/users/${writer.uid}/actions`);
    expect((await api.owner.client.get('/api/admin/users/nobodyAtAll')).status).toBe(404);
  });

  it('searches names and emails case-insensitively, filters by status, sorts both ways and pages', async () => {
    const zelda = await signUpVerified(api.server, { name: 'Zelda Quixote', email: 'Zelda.Q@Example.com' });
    expect((await list('?q=quix')).items.map((u) => u.uid)).toEqual([zelda.uid]);
    expect((await list('?q=ZELDA.q@example')).items.map((u) => u.uid)).toEqual([zelda.uid]);
    expect((await list('?q=%25')).items).toEqual([]);
    const [found] = (await list('?q=quixote')).items;
    expect(found).toMatchObject({ displayName: 'Zelda Quixote', status: 'active', admin: false, owner: false, openReports: 0 });
    expect((await list(`?q=${encodeURIComponent(ADMIN_EMAIL)}`)).items[0]).toMatchObject({ owner: true, admin: true });

    // Thirty accounts across time, for both sorts' paging.
    const old = new Date('2020-01-01T00:00:00.000Z').getTime();
    const made: string[] = [];
    for (let i = 0; i < 30; i++) made.push(await insertUser(api.server, new Date(old + i * 3_600_000).toISOString()));
    for (const [i, uid] of made.entries()) {
      await api.server.ctx.db.updateTable('users').set({ lastActive: new Date(old + (30 - i) * 60_000).toISOString() }).where('uid', '=', uid).execute();
    }
    for (const sort of ['joined', 'lastActive'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((u) => u.uid));
        cursor = page.nextCursor;
      } while (cursor);
      const column = sort === 'joined' ? 'created_at' : 'lastActive';
      const expected = await api.server.ctx.db.selectFrom('users').select('uid').where('deletedAt', 'is', null).orderBy(column, 'desc').orderBy('uid', 'desc').execute();
      expect(seen).toEqual(expected.map((r) => r.uid));
    }

    await api.server.ctx.db.updateTable('users').set({ warnedAt: new Date().toISOString() }).where('uid', '=', made[0]!).execute();
    await api.server.ctx.db.updateTable('users').set({ limitedAt: new Date().toISOString(), warnedAt: new Date().toISOString() }).where('uid', '=', made[1]!).execute();
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: new Date().toISOString(), limitedAt: new Date().toISOString() }).where('uid', '=', made[2]!).execute();
    await api.server.ctx.db.updateTable('users').set({ deactivatedAt: new Date().toISOString() }).where('uid', '=', made[3]!).execute();
    await api.server.ctx.db.updateTable('users').set({ deletedAt: new Date().toISOString() }).where('uid', '=', made[4]!).execute();
    expect((await list('?status=warned')).items.map((u) => u.uid)).toEqual([made[0]]);
    expect((await list('?status=limited')).items.map((u) => u.uid)).toEqual([made[1]]);
    expect((await list('?status=suspended')).items.map((u) => u.uid)).toEqual([made[2]]);
    expect((await list('?status=deactivated')).items.map((u) => u.uid)).toEqual([made[3]]);
    const everyone = await api.server.ctx.db.selectFrom('users').select('uid').execute();
    const active = (await list('?status=active&sort=joined')).items.map((u) => u.uid);
    for (const uid of made.slice(0, 5)) expect(active).not.toContain(uid);
    expect(everyone.length).toBeGreaterThan(active.length);
    expect((await api.owner.client.get('/api/admin/users?status=gone')).status).toBe(400);
  });

  it('shows a person with their stories (private and hidden too), reports made and received, and what may be done', async () => {
    const person = await signUpVerified(api.server, { name: 'Dora Detail' });
    const reporter = await signUpVerified(api.server, { name: 'Rex Reporter' });
    const open = await postStory(person.client, { public: true, title: 'Open one' });
    await postStory(person.client, { public: false, title: 'Private one' });
    const received = await fileReport(api.server, reporter, 'story', open.id, 'spam');
    const otherStory = await postStory(writer.client, { public: true });
    const made = await fileReport(api.server, person, 'story', otherStory.id, 'other');

    const page = await detail(api.owner, person.uid);
    expect(page.stories.map((s) => [s.title, s.public])).toEqual([
      ['Private one', false],
      ['Open one', true],
    ]);
    expect(page.reportsReceived.map((c) => c.id)).toEqual([received]);
    expect(page.reportsMade.map((c) => c.id)).toEqual([made]);
    expect(page.openReports).toBe(1);
    expect(page.allowedActions).toEqual(['warn', 'limit', 'suspend', 'delete', 'note']);
    expect((await detail(admin2, api.owner.uid)).allowedActions).toEqual(['warn', 'note']);
    expect((await detail(api.owner, api.owner.uid)).allowedActions).toEqual([]);
  });

  it('warns: the person gets the notice, the page shows the warning, and a note only records', async () => {
    const person = await signUpVerified(api.server, { name: 'Walt Warned' });
    const res = await act(api.owner, person.uid, { action: 'warn', reason: 'Please be kind' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = adminUserDetailSchema.parse(res.body);
    expect(page).toMatchObject({ status: 'warned', warning: 'Please be kind' });
    expect(await notices(person.client)).toEqual([REPORT_TEXTS.warningNotification('Please be kind')]);
    await act(api.owner, person.uid, { action: 'note', reason: 'Talked to them' });
    const after = await detail(api.owner, person.uid);
    expect(after.actions.map((a) => [a.action, a.reason])).toEqual([
      ['note', 'Talked to them'],
      ['warn', 'Please be kind'],
    ]);
    const missing = await act(api.owner, person.uid, { action: 'note', reason: '' });
    expect(missing.status).toBe(400);
    // The text rule: a NUL is refused by validation, never left for the database to choke on.
    const nul = await act(api.owner, person.uid, { action: 'note', reason: 'bad\u0000reason' });
    expect([nul.status, nul.body.error.code]).toEqual([400, 'validation_failed']);
    const search = await api.owner.client.get<ErrorBody>('/api/admin/users?q=a%00b');
    expect([search.status, search.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('limits: stories leave community for non-followers but stay for followers and on the profile; no new conversations; unlimit restores', async () => {
    const limited = await signUpVerified(api.server, { name: 'Lima Limited' });
    await api.server.ctx.db.updateTable('users').set({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }).where('uid', '=', limited.uid).execute();
    const follower = await signUpVerified(api.server);
    const stranger = await signUpVerified(api.server);
    expect((await follower.client.post(`/api/follows/${limited.uid}`)).status).toBe(200);
    const story = await postStory(limited.client, { public: true, title: 'Limited tale' });
    const community = async (who: SignedUp) =>
      ((await who.client.get<{ stories: Array<{ id: string }> }>('/api/stories/community?sort=newest')).body.stories ?? []).map((s) => s.id);
    expect(await community(stranger)).toContain(story.id);

    expect((await act(api.owner, limited.uid, { action: 'limit' })).status).toBe(200);
    expect(await community(stranger)).not.toContain(story.id);
    expect(await community(follower)).toContain(story.id);
    expect((await stranger.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await stranger.client.get(`/api/users/${limited.uid}`)).status).toBe(200);
    const stored = await api.server.ctx.db.selectFrom('stories').select('authorState').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(Number(stored.authorState)).toBe(1);

    // A friend, so only the limit stands in the way.
    const pal = await signUpVerified(api.server);
    await befriend(limited, pal);
    const start = await limited.client.post<ErrorBody>('/api/conversations', { to: pal.uid, text: 'hello' });
    expect(start.status).toBe(403);
    expect(start.body.error.message).toBe(REPORT_TEXTS.limitedConversations);
    const asked = await limited.client.get<{ canMessage: boolean; reason: string | null }>(`/api/users/${pal.uid}/can-message`);
    expect(asked.body).toMatchObject({ canMessage: false, reason: REPORT_TEXTS.limitedConversations });
    const again = await act(admin2, limited.uid, { action: 'limit' });
    expect(again.status).toBe(409);

    expect((await act(api.owner, limited.uid, { action: 'unlimit' })).status).toBe(200);
    expect(await community(stranger)).toContain(story.id);
    expect((await limited.client.post('/api/conversations', { to: pal.uid, text: 'hello' })).status).toBe(201);
    expect((await act(api.owner, limited.uid, { action: 'unlimit' })).status).toBe(400);
  });

  it('suspends: sign-in refused, content hidden, the open stream hears session.ended and closes, other sessions end at once; unsuspend restores', async () => {
    const { openEventStream } = await import('../../test/sse');
    const person = await signUpVerified(api.server, { name: 'Sue Suspended' });
    const story = await postStory(person.client, { public: true });
    const secondTab = api.server.client();
    expect((await secondTab.post('/api/auth/sign-in/email', { email: person.email, password: person.password })).status).toBe(200);
    expect((await secondTab.get('/api/me')).status).toBe(200);
    const stream = await openEventStream(person.client);
    expect(stream.status).toBe(200);

    const res = await act(api.owner, person.uid, { action: 'suspend', reason: 'Repeated abuse' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = adminUserDetailSchema.parse(res.body);
    expect(page.status).toBe('suspended');
    expect(Date.parse(page.deleteAfter ?? '') - Date.parse(page.suspendedAt ?? '')).toBe(30 * 86_400_000);

    const ended = await stream.next('session.ended');
    expect(JSON.parse(ended.data)).toEqual({ reason: 'suspended' });
    await stream.waitForEnd();
    expect((await secondTab.get('/api/me')).status).toBe(401);
    expect((await person.client.get('/api/me')).status).toBe(401);

    const signIn = await api.server.client().post<{ message?: string }>('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(signIn.status).toBe(403);
    expect(JSON.stringify(signIn.body)).toContain(REPORT_TEXTS.suspendedSignIn);
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);
    expect((await writer.client.get(`/api/users/${person.uid}`)).status).toBe(404);
    expect((await act(admin2, person.uid, { action: 'suspend' })).status).toBe(409);

    const lifted = adminUserDetailSchema.parse((await act(api.owner, person.uid, { action: 'unsuspend', reason: 'Appeal accepted' })).body);
    expect(lifted).toMatchObject({ status: 'active', suspendedAt: null, deleteAfter: null });
    expect((await api.server.client().post('/api/auth/sign-in/email', { email: person.email, password: person.password })).status).toBe(200);
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await writer.client.get(`/api/users/${person.uid}`)).status).toBe(200);
  });

  it('deletes only with the display name typed, and can resolve every open report on the person', async () => {
    const person = await signUpVerified(api.server, { name: 'Del Deleted' });
    const reporter = await signUpVerified(api.server);
    const caseId = await fileReport(api.server, reporter, 'story', (await postStory(person.client, { public: true })).id);
    const wrong = await act(api.owner, person.uid, { action: 'delete', confirm: 'Del Delete' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(REPORT_TEXTS.confirmMismatch);
    const right = await act(api.owner, person.uid, { action: 'delete', confirm: 'Del Deleted', resolveReports: true });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(adminUserDetailSchema.parse(right.body).allowedActions).toEqual([]);
    const row = await api.server.ctx.db.selectFrom('users').select('deletedAt').where('uid', '=', person.uid).executeTakeFirstOrThrow();
    expect(row.deletedAt).not.toBeNull();
    expect((await list('?q=Del%20Deleted')).items).toEqual([]);
    expect((await act(api.owner, person.uid, { action: 'warn' })).status).toBe(404);
    expect((await readCase(api.owner, caseId)).outcome).toBe('action');
    // The story went with the account: the reporter hears the outcome without its name.
    expect(await notices(reporter.client)).toEqual([REPORT_TEXTS.outcomeNotice({ type: 'story', name: null }, 'action')]);
    const logged = await api.server.ctx.db.selectFrom('adminLogs').select('action').where('target', '=', `users/${person.uid}`).execute();
    expect(logged.map((l) => l.action)).toContain('moderation_delete');
  });

  it('resolves all open reports on the person with an action, telling the reporters', async () => {
    const person = await signUpVerified(api.server, { name: 'Ravi Reported' });
    const reporter = await signUpVerified(api.server);
    const story = await postStory(person.client, { public: true, title: 'Ravi’s Story' });
    const a = await fileReport(api.server, reporter, 'story', story.id);
    const b = await fileReport(api.server, reporter, 'profile', person.uid);
    expect((await act(admin2, person.uid, { action: 'warn', reason: 'Enough', resolveReports: true })).status).toBe(200);
    for (const id of [a, b]) expect(await readCase(api.owner, id)).toMatchObject({ status: 'resolved', outcome: 'action' });
    // The account action's reason is each resolution's reason.
    for (const id of [a, b]) expect((await readCase(api.owner, id)).actions.at(-1)).toMatchObject({ action: 'resolve', outcome: 'action', reason: 'Enough' });
    expect((await notices(reporter.client)).sort()).toEqual(
      [REPORT_TEXTS.outcomeNotice({ type: 'story', name: 'Ravi’s Story' }, 'action'), REPORT_TEXTS.outcomeNotice({ type: 'profile', name: 'Ravi Reported' }, 'action')].sort(),
    );
    expect(await notices(person.client)).toEqual([REPORT_TEXTS.warningNotification('Enough')]);
  });

  it('protects the owner and refuses self-actions', async () => {
    for (const action of ['limit', 'suspend', 'delete'] as const) {
      const res = await act(admin2, api.owner.uid, { action, confirm: 'The Owner' });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(REPORT_TEXTS.ownerProtected);
    }
    expect((await act(admin2, api.owner.uid, { action: 'warn' })).status).toBe(200);
    expect((await act(admin2, api.owner.uid, { action: 'note' })).status).toBe(200);
    const self = await act(api.owner, api.owner.uid, { action: 'note' });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(REPORT_TEXTS.selfAction);
    const logs = await api.server.ctx.db.selectFrom('adminLogs').select('action').where('target', '=', `users/${api.owner.uid}`).execute();
    expect(logs.map((l) => l.action).sort()).toEqual(['moderation_note', 'moderation_warn']);
  });
});
