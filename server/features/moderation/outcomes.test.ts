import { beforeAll, describe, expect, it } from 'vitest';
import { bulkResolveResultSchema, caseDetailSchema, caseListSchema, openReportCountsSchema, REPORT_TEXTS, type CaseDetail } from '@common/moderation/moderation';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUpVerified, type SignedUp } from '../../test/server';
import { expectAdminsOnly } from '../admin/test-support';
import { befriend, veteran } from '../messages/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';
import { applyCaseAction, comment, fileReport, moderationCast, newAdmin, noticeRows, notices, readCase, resolve } from './test-support';

/*
 * Resolving asks for the outcome and a reason (never "no violation" by default), a
 * resolved case can be reopened, and each reporter hears the chosen outcome about the thing
 * they reported, named as they may still see it.
 */
describe.each(testDialects())('resolving and reopening reports on %s', (dialect) => {
  let owner: SignedUp;
  let admin2: SignedUp;
  let admin3: SignedUp;
  let writer: SignedUp;
  let reporterA: SignedUp;
  let reporterB: SignedUp;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    ({ owner, admin2, writer, reporterA, reporterB } = await moderationCast(api.server));
    admin3 = await newAdmin(api.server, 'Third Admin');
  });

  const post = (admin: SignedUp, id: string, verb: 'resolve' | 'reopen', body: Record<string, unknown>) =>
    admin.client.post<ErrorBody>(`/api/admin/reports/${id}/${verb}`, body);

  async function reportedStory(title: string, reporter: SignedUp = reporterA) {
    const story = await postStory(writer.client, { public: true, title });
    return { story, caseId: await fileReport(api.server, reporter, 'story', story.id, 'spam') };
  }

  it('is for admins only: reopen and the open counts', async () => {
    await expectAdminsOnly(api.server, writer, 'POST', '/api/admin/reports/abc/reopen');
    await expectAdminsOnly(api.server, writer, 'GET', '/api/admin/reports/counts');
    const missing = await post(owner, 'nothingHere', 'reopen', { version: 1, reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(REPORT_TEXTS.caseNotFound);
  });

  it('refuses a resolve without an outcome or without a reason, and changes nothing', async () => {
    const { caseId } = await reportedStory('No outcome');
    const { version } = await readCase(owner, caseId);
    const noOutcome = await post(owner, caseId, 'resolve', { version, reason: 'Looked at it' });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.body.error.message).toContain(REPORT_TEXTS.outcomeRequired);
    const badOutcome = await post(owner, caseId, 'resolve', { version, outcome: 'fine', reason: 'Looked at it' });
    expect(badOutcome.status).toBe(400);
    const noReason = await post(owner, caseId, 'resolve', { version, outcome: 'dismissed' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain(REPORT_TEXTS.reasonRequired);
    const blank = await post(owner, caseId, 'resolve', { version, outcome: 'dismissed', reason: '   ' });
    expect(blank.status).toBe(400);
    expect(await readCase(owner, caseId)).toMatchObject({ status: 'open', version });
    expect(await notices(reporterA.client)).toEqual([]);
  });

  it('needs the outcome to fit what was done: no violation after a removal, or action taken with nothing done, is refused', async () => {
    const { caseId: untouched } = await reportedStory('Nothing done');
    const { version } = await readCase(owner, untouched);
    const claimed = await post(owner, untouched, 'resolve', { version, outcome: 'action', reason: 'Dealt with' });
    expect(claimed.status).toBe(400);
    expect(claimed.body.error.message).toBe(REPORT_TEXTS.outcomeNeedsAction);

    const { caseId: removed } = await reportedStory('Removed then cleared');
    const after = await applyCaseAction(owner, removed, 'remove', 'Spam');
    const cleared = await post(owner, removed, 'resolve', { version: after.version, outcome: 'dismissed', reason: 'Fine after all' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.message).toBe(REPORT_TEXTS.outcomeHasActions);
    expect((await readCase(owner, removed)).status).toBe('open');
  });

  it('keeps the outcome and the reason, and tells the reporter the outcome chosen about the story, linked', async () => {
    const { story, caseId } = await reportedStory('The Quiet Harbour', reporterB);
    const resolved = await resolve(admin2, caseId, 'dismissed', 'Ordinary fiction, nothing against the rules.');
    expect(resolved).toMatchObject({ status: 'resolved', outcome: 'dismissed' });
    expect(resolved.actions.at(-1)).toMatchObject({ action: 'resolve', outcome: 'dismissed', reason: 'Ordinary fiction, nothing against the rules.', admin: { name: 'Second Admin' } });
    expect(await noticeRows(reporterB.client)).toEqual([
      { detail: REPORT_TEXTS.outcomeNotice({ type: 'story', name: 'The Quiet Harbour' }, 'dismissed'), link: `/story/${story.id}` },
    ]);
    expect(REPORT_TEXTS.outcomeNotice({ type: 'story', name: 'The Quiet Harbour' }, 'dismissed')).toContain(REPORT_TEXTS.noViolation);
    const log = await api.server.ctx.db.selectFrom('adminLogs').select('details').where('target', '=', `moderationCases/${caseId}`).where('action', '=', 'moderation_resolve').executeTakeFirstOrThrow();
    expect(JSON.parse(log.details ?? '{}')).toMatchObject({ outcome: 'dismissed', reason: 'Ordinary fiction, nothing against the rules.' });
  });

  it('names a comment by its story, a profile by its name and a message by its sender, each linked', async () => {
    const story = await postStory(writer.client, { public: true, title: 'Salt and Rope' });
    const commenter = await signUpVerified(api.server, { name: 'Cal Commenter' });
    const commentCase = await fileReport(api.server, reporterA, 'comment', await comment(commenter.client, story.id, 'rude words'));
    const profiled = await signUpVerified(api.server, { name: 'Pia Profile' });
    const profileCase = await fileReport(api.server, reporterA, 'profile', profiled.uid);
    const sender = await veteran(api.server, 'Sid Sender');
    const recipient = await veteran(api.server, 'Rae Recipient');
    await befriend(sender, recipient);
    const sent = await sender.client.post<{ conversation: { id: string }; message: { id: string } }>('/api/conversations', { to: recipient.uid, text: 'something vile' });
    expect(sent.status).toBe(201);
    const messageCase = await fileReport(api.server, recipient, 'message', sent.body.message.id);

    await applyCaseAction(owner, commentCase, 'warn', 'Be kind');
    await resolve(owner, commentCase, 'action', 'Warned the commenter');
    await resolve(owner, profileCase, 'dismissed', 'Nothing wrong');
    await resolve(owner, messageCase, 'dismissed', 'Banter between friends');

    const toldA = await noticeRows(reporterA.client);
    expect(toldA).toHaveLength(2);
    expect(toldA).toEqual(
      expect.arrayContaining([
        { detail: REPORT_TEXTS.outcomeNotice({ type: 'profile', name: 'Pia Profile' }, 'dismissed'), link: `/user/${profiled.uid}` },
        { detail: REPORT_TEXTS.outcomeNotice({ type: 'comment', name: 'Salt and Rope' }, 'action'), link: `/story/${story.id}` },
      ]),
    );
    expect(await noticeRows(recipient.client)).toEqual([
      { detail: REPORT_TEXTS.outcomeNotice({ type: 'message', name: 'Sid Sender' }, 'dismissed'), link: `/messages?c=${sent.body.conversation.id}` },
    ]);
  });

  it('never names what the reporter can no longer see: a story made private, a removed one', async () => {
    const { story, caseId } = await reportedStory('Secret Garden Diary');
    const reporter = await signUpVerified(api.server, { name: 'Nosy Reader' });
    await fileReport(api.server, reporter, 'story', story.id, 'other');
    const hidden = await writer.client.send('PATCH', `/api/stories/${story.id}/visibility`, { public: false });
    expect(hidden.status).toBe(200);
    await resolve(owner, caseId, 'dismissed', 'Nothing wrong');
    const [told] = await noticeRows(reporter.client);
    expect(told).toEqual({ detail: REPORT_TEXTS.outcomeNotice({ type: 'story', name: null }, 'dismissed'), link: '/notifications' });
    expect(told?.detail).not.toContain('Secret Garden');

    const { caseId: removedCase } = await reportedStory('Gone Tomorrow', reporterB);
    await applyCaseAction(owner, removedCase, 'remove', 'Spam');
    await resolve(owner, removedCase, 'action', 'Removed the spam');
    expect((await noticeRows(reporterB.client))[0]).toEqual({ detail: REPORT_TEXTS.outcomeNotice({ type: 'story', name: null }, 'action'), link: '/notifications' });
  });

  it('reopens a resolved case with a reason; it is back in the queue, and resolving again tells the reporters again', async () => {
    const reporter = await signUpVerified(api.server, { name: 'Patient Reporter' });
    const { story, caseId } = await reportedStory('Buy Cheap Pills Now', reporter);
    const resolved = await resolve(owner, caseId, 'dismissed', 'Looked fine at first glance');

    const stillOpen = await post(admin2, caseId, 'reopen', { version: resolved.version });
    expect(stillOpen.status).toBe(400);
    expect(stillOpen.body.error.message).toContain(REPORT_TEXTS.reasonRequired);
    const stale = await post(admin2, caseId, 'reopen', { version: resolved.version - 1, reason: 'Spam after all' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(REPORT_TEXTS.alreadyHandled);

    const res = await post(admin2, caseId, 'reopen', { version: resolved.version, reason: 'It is spam after all' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reopened = caseDetailSchema.parse(res.body);
    expect(reopened).toMatchObject({ status: 'open', outcome: null, version: resolved.version + 1 });
    expect(reopened.actions.map((a) => [a.action, a.reason, a.outcome])).toEqual([
      ['resolve', 'Looked fine at first glance', 'dismissed'],
      ['reopen', 'It is spam after all', null],
    ]);
    const open = caseListSchema.parse((await owner.client.get('/api/admin/reports')).body);
    expect(open.items.map((i) => i.id)).toContain(caseId);
    // Open again: reopening it is "already handled".
    const twice = await post(owner, caseId, 'reopen', { version: reopened.version, reason: 'again' });
    expect(twice.status).toBe(409);

    await applyCaseAction(admin2, caseId, 'remove', 'Advertising');
    const final = await resolve(admin2, caseId, 'action', 'Removed the advertising');
    expect(final).toMatchObject({ status: 'resolved', outcome: 'action' });
    expect(await notices(reporter.client)).toEqual([
      REPORT_TEXTS.outcomeNotice({ type: 'story', name: null }, 'action'),
      REPORT_TEXTS.outcomeNotice({ type: 'story', name: 'Buy Cheap Pills Now' }, 'dismissed'),
    ]);
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('refuses to reopen a case when the same thing has another open report', async () => {
    const { story, caseId } = await reportedStory('Reported twice');
    await resolve(owner, caseId, 'dismissed', 'Fine');
    const second = await fileReport(api.server, reporterB, 'story', story.id, 'plagiarism');
    expect(second).not.toBe(caseId);
    const { version } = await readCase(owner, caseId);
    const res = await post(owner, caseId, 'reopen', { version, reason: 'Look again' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(REPORT_TEXTS.openCaseExists);
    expect((await readCase(owner, caseId)).status).toBe('resolved');
  });

  it('lets exactly one of several admins resolving and reopening at once through; the case stays consistent', async () => {
    const reporter = await signUpVerified(api.server, { name: 'Burst Reporter' });
    const { caseId } = await reportedStory('Contested', reporter);
    const admins = [owner, admin2, admin3];
    const burst = (version: number) =>
      Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          i % 2 === 0
            ? post(admins[i % 3]!, caseId, 'resolve', { version, outcome: 'dismissed', reason: `resolve ${i}` })
            : post(admins[i % 3]!, caseId, 'reopen', { version, reason: `reopen ${i}` }),
        ),
      );
    const expectOneWinner = (results: Awaited<ReturnType<typeof burst>>) => {
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused.map((r) => [r.status, r.body.error.message])).toEqual(refused.map(() => [409, REPORT_TEXTS.alreadyHandled]));
      return caseDetailSchema.parse(results.find((r) => r.status === 200)?.body);
    };

    const start = await readCase(owner, caseId);
    // Open: only a resolve can win, and only one.
    const first = expectOneWinner(await burst(start.version));
    expect(first).toMatchObject({ status: 'resolved', version: start.version + 1 });
    // Resolved: only a reopen can win, and only one.
    const second = expectOneWinner(await burst(first.version));
    expect(second).toMatchObject({ status: 'open', outcome: null, version: first.version + 1 });
    const third = expectOneWinner(await burst(second.version));
    expect(third).toMatchObject({ status: 'resolved', outcome: 'dismissed', version: second.version + 1 });

    // The invariant: resolutions and reopenings alternate, one notice per resolution, one open case at most.
    const history: CaseDetail['actions'] = (await readCase(owner, caseId)).actions;
    expect(history.map((a) => a.action)).toEqual(['resolve', 'reopen', 'resolve']);
    expect(await notices(reporter.client)).toHaveLength(2);
    const row = await api.server.ctx.db.selectFrom('moderationCases').select(['status', 'outcome', 'version', 'resolvedBy']).where('id', '=', caseId).executeTakeFirstOrThrow();
    expect({ ...row, version: Number(row.version) }).toMatchObject({ status: 'resolved', outcome: 'dismissed', version: third.version });
    expect(row.resolvedBy).toBe(history.at(-1)?.admin.uid);
  });

  it('resolves in bulk with one outcome and reason; items it does not fit stay open', async () => {
    const cases: string[] = [];
    for (let i = 0; i < 3; i++) cases.push((await reportedStory(`Bulk ${i}`, reporterB)).caseId);
    await applyCaseAction(admin2, cases[1]!, 'warn', 'Careful');
    const versions = await Promise.all(cases.map(async (id) => (await readCase(owner, id)).version));
    const items = cases.map((id, i) => ({ id, version: versions[i]! }));

    expect((await owner.client.post<ErrorBody>('/api/admin/reports/resolve', { items })).status).toBe(400);
    const res = await owner.client.post('/api/admin/reports/resolve', { items, outcome: 'dismissed', reason: 'All fine' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(bulkResolveResultSchema.parse(res.body)).toEqual({ resolved: [cases[0], cases[2]], conflicts: [], mismatched: [cases[1]] });
    expect((await readCase(owner, cases[1]!)).status).toBe('open');
    expect((await readCase(owner, cases[0]!)).actions.at(-1)).toMatchObject({ action: 'resolve', outcome: 'dismissed', reason: 'All fine' });
  });

  it('counts the open reports, in all and per kind, for the dashboard', async () => {
    const counts = async () => {
      const res = await owner.client.get('/api/admin/reports/counts');
      expect(res.status).toBe(200);
      return openReportCountsSchema.parse(res.body);
    };
    const before = await counts();
    const story = await postStory(writer.client, { public: true });
    await fileReport(api.server, reporterA, 'story', story.id);
    const commentCase = await fileReport(api.server, reporterA, 'comment', await comment(reporterB.client, story.id, 'meh'));
    const after = await counts();
    expect(after.open).toBe(before.open + 2);
    expect(after.byType.story).toBe(before.byType.story + 1);
    expect(after.byType.comment).toBe(before.byType.comment + 1);
    expect(Object.values(after.byType).reduce((a, b) => a + b, 0)).toBe(after.open);
    await resolve(owner, commentCase, 'dismissed', 'Fine');
    expect((await counts()).byType.comment).toBe(before.byType.comment);
  });
});
