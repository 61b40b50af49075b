import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, startConversationResponseSchema, messageResponseSchema } from '@common/messages/messages';
import { REPORT_NOTE_MAX, REPORT_TEXTS, reportCreatedSchema, reportSnapshotSchema, type ReportCreate } from '@common/moderation/moderation';
import type { Comment } from '@common/stories/story';
import type { TestClient } from '../../test/client';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { befriend, block, veteran } from '../messages/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('reports on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true, name: 'Owner Admin' }, ada: { name: 'Ada Writer' }, bob: { name: 'Bob Reader' } } });

  function report(client: TestClient, body: Partial<ReportCreate> & Record<string, unknown>) {
    return client.send<ErrorBody>('POST', '/api/reports', { category: 'spam', ...body });
  }

  async function reported(client: TestClient, body: Partial<ReportCreate>) {
    const res = await report(client, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return reportCreatedSchema.parse(res.body);
  }

  async function openCases(targetType: string, targetId: string) {
    const rows = await api.server.ctx.db
      .selectFrom('moderationCases')
      .selectAll()
      .where('targetType', '=', targetType)
      .where('targetId', '=', targetId)
      .where('status', '=', 'open')
      .execute();
    return rows.map((r) => ({ ...r, reportsCount: Number(r.reportsCount), version: Number(r.version), snapshot: reportSnapshotSchema.parse(JSON.parse(r.snapshot)) }));
  }

  async function theCase(targetType: string, targetId: string) {
    const cases = await openCases(targetType, targetId);
    expect(cases).toHaveLength(1);
    return cases[0]!;
  }

  async function reportRows(targetType: string, targetId: string) {
    return api.server.ctx.db.selectFrom('reports').selectAll().where('targetType', '=', targetType).where('targetId', '=', targetId).execute();
  }

  async function comment(client: TestClient, storyId: string, text: string): Promise<Comment> {
    const res = await client.post<{ comment: Comment }>(`/api/stories/${storyId}/comments`, { text });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.comment;
  }

  it('reports a story: one open case with the snapshot, the report, and a live event to admins', async () => {
    const story = await postStory(api.ada.client, { public: true, title: 'The Lighthouse', content: 'Waves broke on the rocks all night long.' });
    const stream = await openEventStream(api.admin.client);
    try {
      const created = await reported(api.bob.client, { targetType: 'story', targetId: story.id, category: 'plagiarism', note: '  Copied from a book.  ' });
      expect(created.message).toBe(REPORT_TEXTS.submitted);
      const event = await stream.next('moderation.changed');
      const found = await theCase('story', story.id);
      expect(JSON.parse(event.data)).toEqual({ caseId: found.id });
      expect(found).toMatchObject({ targetUid: api.ada.uid, reportsCount: 1, version: 2, status: 'open', outcome: null });
      expect(found.snapshot).toMatchObject({
        targetType: 'story',
        targetId: story.id,
        authorUid: api.ada.uid,
        authorName: 'Ada Writer',
        title: 'The Lighthouse',
        text: 'Waves broke on the rocks all night long.',
        storyId: story.id,
      });
      const [row] = await reportRows('story', story.id);
      expect(row).toMatchObject({ id: created.reportId, caseId: found.id, reporterUid: api.bob.uid, targetUid: api.ada.uid, category: 'plagiarism', note: 'Copied from a book.' });
      expect(reportSnapshotSchema.parse(JSON.parse(row!.snapshot)).text).toBe('Waves broke on the rocks all night long.');
    } finally {
      stream.close();
    }
  });

  it('keeps the evidence when the content is edited and then deleted', async () => {
    const story = await postStory(api.ada.client, { public: true, title: 'Before', content: 'The original words, as reported.' });
    await reported(api.bob.client, { targetType: 'story', targetId: story.id, category: 'harassment' });
    const edited = await api.ada.client.patch(`/api/stories/${story.id}`, { title: 'After', content: 'Something else entirely now.' });
    expect(edited.status).toBe(200);
    expect((await api.ada.client.send('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    const found = await theCase('story', story.id);
    expect(found.snapshot).toMatchObject({ title: 'Before', text: 'The original words, as reported.' });
    expect(reportSnapshotSchema.parse(JSON.parse((await reportRows('story', story.id))[0]!.snapshot)).title).toBe('Before');
    // Gone now: a new report finds nothing.
    const late = await report((await signUp(api.server)).client, { targetType: 'story', targetId: story.id });
    expect([late.status, late.body.error.message]).toEqual([404, REPORT_TEXTS.notFound]);
  });

  it('reports a comment with its story, and keeps it after the comment is deleted', async () => {
    const story = await postStory(api.ada.client, { public: true, title: 'Harbour Lights' });
    const said = await comment(api.bob.client, story.id, 'You write like a child.');
    const carol = await signUp(api.server);
    await reported(carol.client, { targetType: 'comment', targetId: said.id, category: 'harassment' });
    expect((await api.bob.client.send('DELETE', `/api/stories/${story.id}/comments/${said.id}`)).status).toBe(200);
    const found = await theCase('comment', said.id);
    expect(found.targetUid).toBe(api.bob.uid);
    expect(found.snapshot).toMatchObject({ targetType: 'comment', authorUid: api.bob.uid, authorName: 'Bob Reader', text: 'You write like a child.', storyId: story.id, storyTitle: 'Harbour Lights' });
  });

  it('reports a profile with its public fields joined', async () => {
    const writer = await signUp(api.server, { name: 'Profile Person' });
    expect((await writer.client.patch('/api/me/about', { aboutMe: 'Buy cheap pills here' })).status).toBe(200);
    expect((await writer.client.patch('/api/me/pronouns', { pronouns: 'they/them' })).status).toBe(200);
    await reported(api.bob.client, { targetType: 'profile', targetId: writer.uid, category: 'spam' });
    expect((await writer.client.patch('/api/me/about', { aboutMe: 'Nothing to see' })).status).toBe(200);
    const found = await theCase('profile', writer.uid);
    expect(found.targetUid).toBe(writer.uid);
    expect(found.snapshot.authorName).toBe('Profile Person');
    expect(found.snapshot.text).toContain('Display name: Profile Person');
    expect(found.snapshot.text).toContain('Pronouns: they/them');
    expect(found.snapshot.text).toContain('About me: Buy cheap pills here');
  });

  it('reports a message with five messages either side, deleted ones as "Message deleted", the reported one marked', async () => {
    const sender = await veteran(api.server, 'Sender Sam');
    const recipient = await veteran(api.server, 'Recipient Rae');
    await befriend(sender, recipient);
    const start = await sender.client.post('/api/conversations', { to: recipient.uid, text: 'message 0' });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const { conversation, message: first } = startConversationResponseSchema.parse(start.body);
    const ids = [first.id];
    for (let n = 1; n <= 13; n++) {
      const from = n % 2 === 0 ? sender : recipient;
      const res = await from.client.post(`/api/conversations/${conversation.id}/messages`, { text: `message ${n}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(messageResponseSchema.parse(res.body).message.id);
    }
    // message 4 (the sender's) is deleted for everyone before the report.
    expect((await sender.client.send('DELETE', `/api/conversations/${conversation.id}/messages/${ids[4]}?for=everyone`)).status).toBe(200);
    const target = ids[7]!; // from the recipient
    await reported(sender.client, { targetType: 'message', targetId: target, category: 'harassment' });
    const found = await theCase('message', target);
    expect(found.targetUid).toBe(recipient.uid);
    expect(found.snapshot).toMatchObject({ targetType: 'message', authorUid: recipient.uid, authorName: 'Recipient Rae', text: 'message 7', conversationId: conversation.id });
    const context = found.snapshot.messages ?? [];
    expect(context.map((m) => m.id)).toEqual(ids.slice(2, 13));
    expect(context.map((m) => m.text)).toEqual(['message 2', 'message 3', MESSAGE_TEXTS.deleted, 'message 5', 'message 6', 'message 7', 'message 8', 'message 9', 'message 10', 'message 11', 'message 12']);
    expect(context.filter((m) => m.reported).map((m) => m.id)).toEqual([target]);
    expect(context[0]).toMatchObject({ fromUid: sender.uid, fromName: 'Sender Sam' });
    expect(context[1]).toMatchObject({ fromUid: recipient.uid, fromName: 'Recipient Rae' });

    // Near the start of the thread there are fewer than five before it.
    await reported(sender.client, { targetType: 'message', targetId: ids[1]! });
    expect((await theCase('message', ids[1]!)).snapshot.messages?.map((m) => m.id)).toEqual(ids.slice(0, 7));
    // Someone outside the conversation cannot report it: it does not exist for them.
    const stranger = await report(api.bob.client, { targetType: 'message', targetId: target });
    expect([stranger.status, stranger.body.error.message]).toEqual([404, REPORT_TEXTS.notFound]);
    // Nor one's own message, nor a message deleted for everyone.
    const own = await report(recipient.client, { targetType: 'message', targetId: target });
    expect([own.status, own.body.error.message]).toEqual([400, REPORT_TEXTS.cannotReportOwn]);
    expect((await report(recipient.client, { targetType: 'message', targetId: ids[4]! })).status).toBe(404);
    // A block between the two writers hides the whole conversation from both.
    await block(recipient, sender.uid);
    expect((await report(sender.client, { targetType: 'message', targetId: ids[9]! })).status).toBe(404);
  });

  it('refuses guests, own content, what the reporter cannot read, and malformed bodies', async () => {
    const story = await postStory(api.ada.client, { public: true });
    expect((await api.server.client().send('POST', '/api/reports', { targetType: 'story', targetId: story.id, category: 'spam' })).status).toBe(401);

    const ownStory = await report(api.ada.client, { targetType: 'story', targetId: story.id });
    expect([ownStory.status, ownStory.body.error.message]).toEqual([400, REPORT_TEXTS.cannotReportOwn]);
    const ownProfile = await report(api.ada.client, { targetType: 'profile', targetId: api.ada.uid });
    expect([ownProfile.status, ownProfile.body.error.message]).toEqual([400, REPORT_TEXTS.cannotReportOwn]);
    const adaComment = await comment(api.ada.client, story.id, 'Thanks for reading!');
    expect((await report(api.ada.client, { targetType: 'comment', targetId: adaComment.id })).status).toBe(400);

    const privateStory = await postStory(api.ada.client, { public: false });
    for (const [targetType, targetId] of [
      ['story', privateStory.id],
      ['story', 'missingStory00000000'],
      ['comment', 'missingComment000000'],
      ['profile', 'noSuchUser'],
      ['message', 'noSuchMessage'],
    ] as const) {
      const res = await report(api.bob.client, { targetType, targetId });
      expect([targetType, targetId, res.status, res.body.error.message]).toEqual([targetType, targetId, 404, REPORT_TEXTS.notFound]);
    }

    // A block either way: the blocked writer's story, comment and profile do not exist for the reporter.
    const blocker = await signUp(api.server);
    const blocked = await signUp(api.server);
    const blockersStory = await postStory(blocker.client, { public: true });
    const blockersComment = await comment(blocker.client, story.id, 'A comment by the blocker');
    await block(blocker, blocked.uid);
    for (const [targetType, targetId] of [
      ['story', blockersStory.id],
      ['comment', blockersComment.id],
      ['profile', blocker.uid],
    ] as const) {
      const res = await report(blocked.client, { targetType, targetId });
      expect([targetType, res.status]).toEqual([targetType, 404]);
    }

    // A suspended writer's story and profile exist for no one else (policy/stories.ts, policy/profiles.ts).
    const suspended = await signUp(api.server);
    const suspendedStory = await postStory(suspended.client, { public: true });
    await api.server.ctx.db.updateTable('users').set({ suspendedAt: new Date().toISOString() }).where('uid', '=', suspended.uid).execute();
    await api.server.ctx.db.updateTable('stories').set({ authorState: 2 }).where('uid', '=', suspended.uid).execute();
    for (const [targetType, targetId] of [
      ['story', suspendedStory.id],
      ['profile', suspended.uid],
    ] as const) {
      const res = await report(api.bob.client, { targetType, targetId });
      expect([targetType, res.status]).toEqual([targetType, 404]);
    }

    for (const body of [
      { targetType: 'story', targetId: story.id, note: 'x'.repeat(REPORT_NOTE_MAX + 1) },
      { targetType: 'story', targetId: story.id, category: 'boring' },
      { targetType: 'poem', targetId: story.id },
      { targetType: 'story', targetId: '' },
      { targetType: 'story', targetId: story.id, extra: true },
    ]) {
      const res = await report(api.bob.client, body as Partial<ReportCreate>);
      expect([body, res.status]).toEqual([body, 400]);
    }
    const notJson = await api.bob.client.raw('POST', '/api/reports', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    // A note of exactly the limit is fine; nothing refused above left a report behind.
    expect(await reportRows('story', story.id)).toEqual([]);
    await reported(api.bob.client, { targetType: 'story', targetId: story.id, note: 'y'.repeat(REPORT_NOTE_MAX) });
  });

  it('refuses a second report of the same thing by the same person', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const reporter = await signUp(api.server);
    await reported(reporter.client, { targetType: 'story', targetId: story.id });
    const again = await report(reporter.client, { targetType: 'story', targetId: story.id, category: 'other' });
    expect([again.status, again.body.error.message]).toEqual([409, REPORT_TEXTS.alreadyReported]);
    expect((await theCase('story', story.id)).reportsCount).toBe(1);
    // Even once the case is resolved: a person reports a thing once.
    await api.server.ctx.db.updateTable('moderationCases').set({ status: 'resolved', outcome: 'dismissed' }).where('targetId', '=', story.id).execute();
    expect((await report(reporter.client, { targetType: 'story', targetId: story.id })).status).toBe(409);
    // Someone else's report after resolution opens a new case.
    await reported((await signUp(api.server)).client, { targetType: 'story', targetId: story.id });
    expect((await theCase('story', story.id)).reportsCount).toBe(1);
  });

  it('limits how often one person reports (429 with Retry-After)', async () => {
    const reporter = await signUp(api.server);
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) statuses.push((await report(reporter.client, { targetType: 'story', targetId: `missingStory${n}` })).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const story = await postStory(api.ada.client, { public: true });
    const refused = await report(reporter.client, { targetType: 'story', targetId: story.id });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reportRows('story', story.id)).toEqual([]);
  });

  it('ten people reporting at once make one open case counting ten', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const reporters = await Promise.all(Array.from({ length: 10 }, () => signUp(api.server)));
    const results = await Promise.all(reporters.map((r) => report(r.client, { targetType: 'story', targetId: story.id, category: 'spam' })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const found = await theCase('story', story.id);
    expect(found.reportsCount).toBe(10);
    expect(found.version).toBe(11);
    const rows = await reportRows('story', story.id);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.caseId))).toEqual(new Set([found.id]));
  });

  it('one person reporting five times at once makes exactly one report', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const reporter = await signUp(api.server);
    const results = await Promise.all(Array.from({ length: 5 }, () => report(reporter.client, { targetType: 'story', targetId: story.id })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.message).toBe(REPORT_TEXTS.alreadyReported);
    expect(await reportRows('story', story.id)).toHaveLength(1);
    expect((await theCase('story', story.id)).reportsCount).toBe(1);
  });
});
