import { beforeAll, describe, expect, it } from 'vitest';
import { bulkResolveResultSchema, caseDetailSchema, caseListSchema, REPORT_TEXTS } from '@common/moderation/moderation';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUpVerified, type SignedUp } from '../../test/server';
import { expectAdminsOnly } from '../admin/test-support';
import { befriend, veteran } from '../messages/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';
import { applyCaseAction, comment, fileReport, moderationCast, notices, readCase, resolve } from './test-support';

describe.each(testDialects())('the moderation queue on %s', (dialect) => {
  let owner: SignedUp;
  let admin2: SignedUp;
  let writer: SignedUp;
  let reporterA: SignedUp;
  let reporterB: SignedUp;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    ({ owner, admin2, writer, reporterA, reporterB } = await moderationCast(api.server));
  });

  it('is for admins only: 401 for guests, 403 for writers, on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/reports/abc'],
      ['POST', '/api/admin/reports/abc/assign'],
      ['POST', '/api/admin/reports/abc/actions'],
      ['POST', '/api/admin/reports/abc/resolve'],
      ['POST', '/api/admin/reports/resolve'],
    ] as const) {
      await expectAdminsOnly(api.server, writer, method, path);
    }
    const missing = await owner.client.get<ErrorBody>('/api/admin/reports/nothingHere');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(REPORT_TEXTS.caseNotFound);
    expect((await owner.client.get('/api/admin/reports?status=closed')).status).toBe(400);
  });

  it('lists one item per reported thing with its reporters and reasons, and shows its detail', async () => {
    const story = await postStory(writer.client, { public: true, title: 'Queue test' });
    const commentId = await comment(reporterA.client, story.id, 'a nasty remark');
    const caseId = await fileReport(api.server, writer, 'comment', commentId, 'harassment', 'Rude to me');
    expect(await fileReport(api.server, reporterB, 'comment', commentId, 'spam')).toBe(caseId);

    const list = caseListSchema.parse((await owner.client.get('/api/admin/reports')).body);
    const item = list.items.find((i) => i.id === caseId);
    expect(item).toMatchObject({
      targetType: 'comment',
      targetId: commentId,
      target: { uid: reporterA.uid, name: 'Rita Reporter' },
      status: 'open',
      outcome: null,
      reportsCount: 2,
      categories: { harassment: 1, spam: 1 },
      excerpt: 'a nasty remark',
      assignedTo: null,
    });
    expect(list.openCount).toBeGreaterThanOrEqual(1);

    const detail = await readCase(owner, caseId);
    expect(detail.snapshot).toMatchObject({ targetType: 'comment', text: 'a nasty remark', storyId: story.id, storyTitle: 'Queue test' });
    expect(detail.currentState).toBe('unchanged');
    expect(detail.reports.map((r) => [r.reporter.name, r.category, r.note])).toEqual([
      ['Wanda Writer', 'harassment', 'Rude to me'],
      ['Rob Reporter', 'spam', ''],
    ]);
    expect(detail.targetStatus).toBe('active');
    expect(detail.actions).toEqual([]);

    // Edited since: the page says so; the snapshot keeps what was reported.
    await api.server.ctx.db.updateTable('storyComments').set({ text: 'a nicer remark' }).where('id', '=', commentId).execute();
    expect((await readCase(owner, caseId)).currentState).toBe('edited');
  });

  it('pages the queue by most recent change, and keeps open and resolved apart', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const story = await postStory(writer.client, { public: true, title: `Paged ${i}` });
      ids.push(await fileReport(api.server, i % 2 ? reporterA : reporterB, 'story', story.id, 'spam'));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?status=open&cursor=${cursor}` : '?status=open';
      const page = caseListSchema.parse((await owner.client.get(`/api/admin/reports${query}`)).body);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
    const stamps = await api.server.ctx.db.selectFrom('moderationCases').select(['id', 'updated_at']).where('status', '=', 'open').orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    expect(seen).toEqual(stamps.map((s) => s.id));

    await resolve(owner, ids[0]!);
    const resolved = caseListSchema.parse((await owner.client.get('/api/admin/reports?status=resolved')).body);
    expect(resolved.items.map((i) => i.id)).toContain(ids[0]);
    const open = caseListSchema.parse((await owner.client.get('/api/admin/reports')).body);
    expect(open.items.map((i) => i.id)).not.toContain(ids[0]);
    expect(open.openCount).toBe(stamps.length - 1);
    // A cursor from the other list is refused, not misread.
    const first = caseListSchema.parse((await owner.client.get('/api/admin/reports?status=open')).body);
    expect((await owner.client.get(`/api/admin/reports?status=resolved&cursor=${first.nextCursor}`)).status).toBe(400);
  });

  it('assigns to me, and refuses a stale version with the exact text', async () => {
    const story = await postStory(writer.client, { public: true });
    const caseId = await fileReport(api.server, reporterA, 'story', story.id);
    const before = await readCase(admin2, caseId);
    const res = await admin2.client.post(`/api/admin/reports/${caseId}/assign`, { version: before.version });
    expect(res.status).toBe(200);
    const after = caseDetailSchema.parse(res.body);
    expect(after.assignedTo).toEqual({ uid: admin2.uid, name: 'Second Admin' });
    expect(after.version).toBe(before.version + 1);
    const stale = await owner.client.post<ErrorBody>(`/api/admin/reports/${caseId}/assign`, { version: before.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(REPORT_TEXTS.alreadyHandled);
    const noReason = await owner.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action: 'dismiss', reason: ' ', version: after.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain(REPORT_TEXTS.reasonRequired);
  });

  it('removes a comment (count exact), applies a warning too, resolves as action taken and tells each reporter, never the sanction', async () => {
    const story = await postStory(writer.client, { public: true });
    const commenter = await signUpVerified(api.server, { name: 'Carl Commenter' });
    const kept = await comment(commenter.client, story.id, 'a fine comment');
    const bad = await comment(commenter.client, story.id, 'an abusive comment');
    const caseId = await fileReport(api.server, reporterA, 'comment', bad);
    await fileReport(api.server, reporterB, 'comment', bad, 'other');

    await applyCaseAction(owner, caseId, 'remove', 'Abusive');
    const warned = await applyCaseAction(admin2, caseId, 'warn', 'Keep it civil');
    expect(warned.actions.map((a) => [a.action, a.reason, a.admin.name])).toEqual([
      ['remove', 'Abusive', 'The Owner'],
      ['warn', 'Keep it civil', 'Second Admin'],
    ]);
    expect(warned.currentState).toBe('removed');
    expect(warned.targetStatus).toBe('warned');
    expect(warned.status).toBe('open');

    const comments = await api.server.ctx.db.selectFrom('storyComments').select('id').where('storyId', '=', story.id).execute();
    expect(comments.map((c) => c.id)).toEqual([kept]);
    const row = await api.server.ctx.db.selectFrom('stories').select('commentsCount').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(Number(row.commentsCount)).toBe(1);

    const resolved = await resolve(owner, caseId, 'action');
    expect(resolved).toMatchObject({ status: 'resolved', outcome: 'action' });
    // Removed: the reporters can no longer see it, so it is not named.
    const told = REPORT_TEXTS.outcomeNotice({ type: 'comment', name: null }, 'action');
    for (const reporter of [reporterA, reporterB]) expect(await notices(reporter.client)).toContain(told);
    const rows = await api.server.ctx.db.selectFrom('notifications').select(['to', 'message']).where('type', '=', 'moderation').execute();
    expect(rows.filter((n) => n.message.includes('Keep it civil')).map((n) => n.to)).toEqual([commenter.uid]);
    // The commenter hears what was removed and why, and the warning; the reporters hear neither.
    expect(await notices(commenter.client)).toEqual([
      REPORT_TEXTS.warningNotification('Keep it civil'),
      REPORT_TEXTS.removedNotice({ type: 'comment', title: story.title }, 'Abusive'),
    ]);

    // Resolved: any further write is "already handled".
    const late = await admin2.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action: 'dismiss', reason: 'x', version: resolved.version });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(REPORT_TEXTS.alreadyHandled);
  });

  it('dismisses: the reporters hear no violation was found', async () => {
    const story = await postStory(writer.client, { public: true });
    const reporter = await signUpVerified(api.server);
    const caseId = await fileReport(api.server, reporter, 'story', story.id, 'plagiarism');
    await applyCaseAction(owner, caseId, 'dismiss', 'Fine');
    expect(await resolve(owner, caseId, 'dismissed')).toMatchObject({ outcome: 'dismissed' });
    expect(await notices(reporter.client)).toEqual([REPORT_TEXTS.outcomeNotice({ type: 'story', name: story.title }, 'dismissed')]);
    expect((await api.server.client().get(`/api/stories/${story.id}`)).status).toBe(200);
  });

  it('removes a story, a message (for everyone) and a profile’s words', async () => {
    const story = await postStory(writer.client, { public: true });
    const storyCase = await fileReport(api.server, reporterA, 'story', story.id);
    await applyCaseAction(owner, storyCase, 'remove');
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);

    const sender = await veteran(api.server, 'Sam Sender');
    const recipient = await veteran(api.server, 'Rae Recipient');
    await befriend(sender, recipient);
    const sent = await sender.client.post<{ conversation: { id: string }; message: { id: string } }>('/api/conversations', { to: recipient.uid, text: 'something vile' });
    expect(sent.status).toBe(201);
    const messageCase = await fileReport(api.server, recipient, 'message', sent.body.message.id);
    await applyCaseAction(owner, messageCase, 'remove');
    const message = await api.server.ctx.db.selectFrom('conversationMessages').select(['text', 'deletedAt']).where('id', '=', sent.body.message.id).executeTakeFirstOrThrow();
    expect(message.text).toBe('');
    expect(message.deletedAt).not.toBeNull();
    const conversation = await api.server.ctx.db.selectFrom('conversations').select('lastMessage').where('id', '=', sent.body.conversation.id).executeTakeFirstOrThrow();
    expect(conversation.lastMessage).toBe(MESSAGE_TEXTS.deleted);

    const profiled = await signUpVerified(api.server, { name: 'Pat Profile' });
    await api.server.ctx.db.updateTable('users').set({ bio: 'offensive bio', aboutMe: 'offensive about', website: 'https://bad.example' }).where('uid', '=', profiled.uid).execute();
    const profileCase = await fileReport(api.server, reporterA, 'profile', profiled.uid);
    const after = await applyCaseAction(owner, profileCase, 'remove');
    expect(after.currentState).toBe('edited');
    const row = await api.server.ctx.db.selectFrom('users').select(['bio', 'aboutMe', 'website', 'displayName']).where('uid', '=', profiled.uid).executeTakeFirstOrThrow();
    expect(row).toEqual({ bio: '', aboutMe: '', website: '', displayName: 'Pat Profile' });
  });

  it('lets exactly one of a burst of parallel resolutions through; the rest hear the exact text', async () => {
    const story = await postStory(writer.client, { public: true });
    const reporter = await signUpVerified(api.server);
    const caseId = await fileReport(api.server, reporter, 'story', story.id);
    const { version } = await readCase(owner, caseId);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? owner : admin2).client.post<ErrorBody>(`/api/admin/reports/${caseId}/resolve`, { version, outcome: 'dismissed', reason: 'Fine' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.error.message])).toEqual(refused.map(() => [409, REPORT_TEXTS.alreadyHandled]));
    expect(await notices(reporter.client)).toEqual([REPORT_TEXTS.outcomeNotice({ type: 'story', name: story.title }, 'dismissed')]);
    const resolutions = await api.server.ctx.db.selectFrom('moderationActions').select('id').where('caseId', '=', caseId).where('action', '=', 'resolve').execute();
    expect(resolutions).toHaveLength(1);
  });

  it('lets one of two admins acting at once win', async () => {
    const story = await postStory(writer.client, { public: true });
    const caseId = await fileReport(api.server, reporterB, 'story', story.id);
    const { version } = await readCase(owner, caseId);
    const [a, b] = await Promise.all([
      owner.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action: 'remove', reason: 'one', version }),
      admin2.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action: 'dismiss', reason: 'two', version }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error.message).toBe(REPORT_TEXTS.alreadyHandled);
    expect((await readCase(owner, caseId)).actions).toHaveLength(1);
  });

  it('resolves in bulk; a stale or missing item is a conflict and the rest still resolve', async () => {
    const cases: string[] = [];
    for (let i = 0; i < 3; i++) cases.push(await fileReport(api.server, reporterB, 'story', (await postStory(writer.client, { public: true })).id));
    const versions = await Promise.all(cases.map(async (id) => (await readCase(owner, id)).version));
    await applyCaseAction(admin2, cases[1]!, 'dismiss', 'meanwhile');
    const res = await owner.client.post('/api/admin/reports/resolve', {
      items: [...cases.map((id, i) => ({ id, version: versions[i]! })), { id: 'noSuchCase', version: 1 }],
      outcome: 'dismissed',
      reason: 'Nothing against the rules',
    });
    expect(res.status).toBe(200);
    expect(bulkResolveResultSchema.parse(res.body)).toEqual({ resolved: [cases[0], cases[2]], conflicts: [cases[1], 'noSuchCase'], mismatched: [] });
    expect((await readCase(owner, cases[1]!)).status).toBe('open');
  });

  it('protects the owner from another admin’s limit and suspension, and nobody sanctions themselves', async () => {
    const ownStory = await postStory(owner.client, { public: true });
    const caseId = await fileReport(api.server, reporterA, 'story', ownStory.id);
    const { version } = await readCase(admin2, caseId);
    for (const action of ['limit', 'suspend'] as const) {
      const res = await admin2.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action, reason: 'x', version });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(REPORT_TEXTS.ownerProtected);
    }
    const self = await owner.client.post<ErrorBody>(`/api/admin/reports/${caseId}/actions`, { action: 'warn', reason: 'x', version });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(REPORT_TEXTS.selfAction);
    expect((await admin2.client.post(`/api/admin/reports/${caseId}/actions`, { action: 'warn', reason: 'Mind the rules', version })).status).toBe(200);
  });

  it('limits and suspends the reported person from a case, as the user page does', async () => {
    const person = await signUpVerified(api.server, { name: 'Case Target' });
    const story = await postStory(person.client, { public: true });
    const caseId = await fileReport(api.server, reporterA, 'story', story.id);
    expect((await applyCaseAction(owner, caseId, 'limit', 'Spammy')).targetStatus).toBe('limited');
    const limited = await api.server.ctx.db.selectFrom('stories').select('authorState').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(Number(limited.authorState)).toBe(1);
    const suspended = await applyCaseAction(owner, caseId, 'suspend', 'Still spammy');
    expect(suspended.targetStatus).toBe('suspended');
    expect(suspended.accountActions.map((a) => a.action)).toEqual(['suspend', 'limit']);
    expect((await person.client.get('/api/me')).status).toBe(401);
    expect(await api.server.ctx.db.selectFrom('authSessions').select('id').where('userId', '=', person.uid).execute()).toEqual([]);
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('tells open admin tabs when a case changes', async () => {
    const { openEventStream } = await import('../../test/sse');
    const stream = await openEventStream(admin2.client);
    const story = await postStory(writer.client, { public: true });
    const caseId = await fileReport(api.server, reporterA, 'story', story.id);
    await applyCaseAction(owner, caseId, 'dismiss', 'ok');
    for (;;) {
      const event = await stream.next('moderation.changed');
      if (JSON.parse(event.data).caseId === caseId) break;
    }
    stream.close();
  });

  it('writes an adminLogs row for every action', async () => {
    const story = await postStory(writer.client, { public: true });
    const caseId = await fileReport(api.server, reporterA, 'story', story.id);
    await applyCaseAction(owner, caseId, 'dismiss', 'Looks fine');
    await resolve(owner, caseId, 'dismissed');
    const logs = await api.server.ctx.db.selectFrom('adminLogs').select(['action', 'target', 'user', 'details']).where('target', '=', `moderationCases/${caseId}`).orderBy('timestamp').orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['moderation_dismiss', 'moderation_resolve']);
    expect(JSON.parse(logs[0]!.user ?? '{}')).toMatchObject({ uid: owner.uid });
    expect(JSON.parse(logs[0]!.details ?? '{}')).toMatchObject({ reason: 'Looks fine', targetUid: writer.uid });
  });
});
