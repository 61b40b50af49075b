import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserDetailSchema, contentRemovedSchema, REPORT_TEXTS } from '@common/moderation/moderation';
import { commentPageSchema, storyResponseSchema } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUpVerified, type SignedUp } from '../../test/server';
import { expectAdminsOnly } from '../admin/test-support';
import { postStory, type ErrorBody } from '../stories/test-support';
import { comment, fileReport, newAdmin, noticeRows, readCase, resolve } from './test-support';

/*
 * An admin removes a story or a comment from its own page or from the user's page,
 * not only through a report, and it takes the same path as "Remove content" on a report: the
 * reason, the audit log, the author told why, counts exact, the open report on it updated.
 */
describe.each(testDialects())('removing content directly on %s', (dialect) => {
  let admin2: SignedUp;
  let writer: SignedUp;
  let reader: SignedUp;

  const api = useTestServer(dialect, { people: { owner: { admin: true, name: 'The Owner' } } });
  beforeAll(async () => {
    admin2 = await newAdmin(api.server, 'Second Admin');
    writer = await signUpVerified(api.server, { name: 'Wanda Writer' });
    reader = await signUpVerified(api.server, { name: 'Reggie Reader' });
  });

  const remove = (admin: SignedUp, targetType: string, targetId: string, reason: unknown = 'Against the rules') =>
    admin.client.post<ErrorBody>('/api/admin/removals', { targetType, targetId, reason });

  async function removed(admin: SignedUp, targetType: string, targetId: string, reason = 'Against the rules') {
    const res = await remove(admin, targetType, targetId, reason);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return contentRemovedSchema.parse(res.body);
  }

  async function commentsCount(storyId: string): Promise<number> {
    const row = await api.server.ctx.db.selectFrom('stories').select('commentsCount').where('id', '=', storyId).executeTakeFirstOrThrow();
    return Number(row.commentsCount);
  }

  it('is for admins only (401, 403); a missing thing is 404; a reason and a known kind are required', async () => {
    await expectAdminsOnly(api.server, writer, 'POST', '/api/admin/removals');
    const story = await postStory(writer.client, { public: true });
    // A writer cannot use it on their own story either: they delete it the ordinary way.
    expect((await remove(writer, 'story', story.id)).status).toBe(403);
    const missing = await remove(api.owner, 'story', 'noSuchStory');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(REPORT_TEXTS.contentNotFound);
    expect((await remove(api.owner, 'comment', 'noSuchComment')).status).toBe(404);
    const noReason = await remove(api.owner, 'story', story.id, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain(REPORT_TEXTS.reasonRequired);
    expect((await remove(api.owner, 'profile', writer.uid)).status).toBe(400);
    expect((await remove(api.owner, 'story', story.id, 42)).status).toBe(400);
    // Nothing happened to the story.
    expect((await reader.client.get(`/api/stories/${story.id}`)).status).toBe(200);
  });

  it('does not let an admin remove their own story through it (they delete it)', async () => {
    const own = await postStory(admin2.client, { public: true });
    const res = await remove(admin2, 'story', own.id);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(REPORT_TEXTS.removeOwn);
  });

  it('says on every story and comment whether the viewer may remove it: admins, on other people’s', async () => {
    const story = await postStory(writer.client, { public: true, title: 'Permissions' });
    await comment(reader.client, story.id, 'a comment');
    await comment(admin2.client, story.id, 'an admin comment');
    const as = async (who: SignedUp) => storyResponseSchema.parse((await who.client.get(`/api/stories/${story.id}`)).body).story.permissions.remove;
    expect(await as(api.owner)).toBe(true);
    expect(await as(writer)).toBe(false);
    expect(await as(reader)).toBe(false);
    const comments = async (who: SignedUp) =>
      commentPageSchema.parse((await who.client.get(`/api/stories/${story.id}/comments`)).body).comments.map((c) => [c.text, c.permissions.remove]);
    expect(await comments(admin2)).toEqual([
      ['a comment', true],
      ['an admin comment', false],
    ]);
    expect(await comments(reader)).toEqual([
      ['a comment', false],
      ['an admin comment', false],
    ]);
  });

  it('removes a story with a reason: gone for everyone, its author told why, logged, and its open report records it', async () => {
    const story = await postStory(writer.client, { public: true, title: 'Miracle Cure Inside' });
    await comment(reader.client, story.id, 'is this real?');
    expect((await reader.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(200);
    const caseId = await fileReport(api.server, reader, 'story', story.id, 'spam');
    const before = await readCase(api.owner, caseId);

    const answer = await removed(api.owner, 'story', story.id, 'Selling fake medicine.');
    expect(answer).toEqual({ caseId });
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);
    expect(await api.server.ctx.db.selectFrom('storyComments').select('id').where('storyId', '=', story.id).execute()).toEqual([]);
    expect(await api.server.ctx.db.selectFrom('storyReactions').select('uid').where('storyId', '=', story.id).execute()).toEqual([]);

    // The author hears what was removed and why; the reporter hears nothing until the report is resolved.
    expect(await noticeRows(writer.client)).toEqual([
      { detail: REPORT_TEXTS.removedNotice({ type: 'story', title: 'Miracle Cure Inside' }, 'Selling fake medicine.'), link: '/notifications' },
    ]);
    expect(await noticeRows(reader.client)).toEqual([]);

    // The open report records the removal (a new version), stays open, and can now be resolved as action taken.
    const after = await readCase(api.owner, caseId);
    expect(after).toMatchObject({ status: 'open', version: before.version + 1, currentState: 'removed' });
    expect(after.actions.map((a) => [a.action, a.reason, a.subject, a.admin.name])).toEqual([['remove', 'Selling fake medicine.', 'Story “Miracle Cure Inside”', 'The Owner']]);
    await resolve(api.owner, caseId, 'action', 'Removed');

    const logs = await api.server.ctx.db.selectFrom('adminLogs').select(['action', 'target', 'details']).where('action', '=', 'moderation_remove').where('target', '=', `moderationCases/${caseId}`).execute();
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.details ?? '{}')).toMatchObject({ reason: 'Selling fake medicine.', targetUid: writer.uid, targetType: 'story', targetId: story.id, removed: true });

    // Gone: a second removal finds nothing, and records nothing.
    expect((await remove(admin2, 'story', story.id)).status).toBe(404);
    expect(await api.server.ctx.db.selectFrom('moderationActions').select('id').where('action', '=', 'remove').where('targetUid', '=', writer.uid).execute()).toHaveLength(1);
  });

  it('removes a story with every row hanging off it: versions, favourites, reactions and comments', async () => {
    const story = await postStory(writer.client, { public: true, title: 'First draft' });
    const edited = await writer.client.send('PATCH', `/api/stories/${story.id}`, { title: 'Second draft', content: 'A different text now.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await comment(reader.client, story.id, 'kept a copy?');
    expect((await reader.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBe(200);
    expect((await reader.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    const rowsOf = async () => ({
      storyVersions: (await api.server.ctx.db.selectFrom('storyVersions').select('id').where('storyId', '=', story.id).execute()).length,
      userFavorites: (await api.server.ctx.db.selectFrom('userFavorites').select('uid').where('storyId', '=', story.id).execute()).length,
      storyComments: (await api.server.ctx.db.selectFrom('storyComments').select('id').where('storyId', '=', story.id).execute()).length,
      storyReactions: (await api.server.ctx.db.selectFrom('storyReactions').select('uid').where('storyId', '=', story.id).execute()).length,
    });
    expect(await rowsOf()).toEqual({ storyVersions: 1, userFavorites: 1, storyComments: 1, storyReactions: 1 });

    await removed(api.owner, 'story', story.id, 'Not allowed here.');
    expect(await rowsOf()).toEqual({ storyVersions: 0, userFavorites: 0, storyComments: 0, storyReactions: 0 });
  });

  it('removes a comment: the story’s count stays exact, its author is told, and the user page lists it', async () => {
    const commenter = await signUpVerified(api.server, { name: 'Carla Commenter' });
    const story = await postStory(writer.client, { public: true, title: 'Tidewater' });
    const kept = await comment(commenter.client, story.id, 'lovely');
    const bad = await comment(commenter.client, story.id, 'you should quit');
    await comment(reader.client, story.id, 'agreed, lovely');
    expect(await commentsCount(story.id)).toBe(3);

    const page = adminUserDetailSchema.parse((await api.owner.client.get(`/api/admin/users/${commenter.uid}`)).body);
    expect(page.canRemoveContent).toBe(true);
    expect(page.comments.map((c) => [c.id, c.storyId, c.storyTitle, c.text])).toEqual([
      [bad, story.id, 'Tidewater', 'you should quit'],
      [kept, story.id, 'Tidewater', 'lovely'],
    ]);

    expect(await removed(admin2, 'comment', bad, 'Telling the writer to quit.')).toEqual({ caseId: null });
    expect(await commentsCount(story.id)).toBe(2);
    const left = commentPageSchema.parse((await reader.client.get(`/api/stories/${story.id}/comments`)).body);
    expect(left.commentsCount).toBe(2);
    expect(left.comments.map((c) => c.id)).not.toContain(bad);
    expect(await noticeRows(commenter.client)).toEqual([
      { detail: REPORT_TEXTS.removedNotice({ type: 'comment', title: 'Tidewater' }, 'Telling the writer to quit.'), link: `/story/${story.id}` },
    ]);

    const history = adminUserDetailSchema.parse((await api.owner.client.get(`/api/admin/users/${commenter.uid}`)).body);
    expect(history.comments.map((c) => c.id)).toEqual([kept]);
    expect(history.actions.map((a) => [a.action, a.reason, a.subject, a.caseId])).toEqual([['remove', 'Telling the writer to quit.', 'Comment on “Tidewater”: “you should quit”', null]]);
    // An admin's own page offers no removal of their own things.
    expect(adminUserDetailSchema.parse((await api.owner.client.get(`/api/admin/users/${api.owner.uid}`)).body).canRemoveContent).toBe(false);
  });

  it('removes a private story from the user’s page too (admins cannot open it, but can take it down)', async () => {
    const story = await postStory(writer.client, { public: false, title: 'Private Spam' });
    expect((await api.owner.client.get(`/api/stories/${story.id}`)).status).toBe(404);
    await removed(api.owner, 'story', story.id, 'Spam kept for later');
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('lets exactly one of several admins removing the same comment at once through; the count stays exact', async () => {
    const story = await postStory(writer.client, { public: true, title: 'Crowded' });
    const target = await comment(reader.client, story.id, 'spam spam spam');
    await comment(reader.client, story.id, 'a real comment');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => remove(i % 2 ? api.owner : admin2, 'comment', target, `burst ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await commentsCount(story.id)).toBe(1);
    const actions = await api.server.ctx.db.selectFrom('moderationActions').select('reason').where('action', '=', 'remove').where('targetUid', '=', reader.uid).where('reason', 'like', 'burst %').execute();
    expect(actions).toHaveLength(1);
    expect((await noticeRows(reader.client)).filter((n) => n.detail.includes('spam spam') || n.detail.includes('Crowded'))).toHaveLength(1);
  });
});
