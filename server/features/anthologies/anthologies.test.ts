import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import {
  ANTHOLOGIES_PER_OWNER_MAX,
  ANTHOLOGY_CO_EDITORS_MAX,
  ANTHOLOGY_STORIES_MAX,
  ANTHOLOGY_TEXTS,
  anthologyListSchema,
  anthologyNotice,
  anthologyPageSchema,
  anthologyResponseSchema,
  anthologySubmitAnswerSchema,
  myAnthologiesSchema,
  storyAnthologiesSchema,
  type AnthologyCreateInput,
  type AnthologyPage,
} from '@common/anthologies/anthologies';
import { newId } from '../../shared/ids';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { epubcheck } from '../../test/epubcheck';
import { postStory, type ErrorBody } from '../stories/test-support';
import { allNotifications } from '../notifications/test-support';
import { digestContent } from '../digest/send';
import { viewerOf } from '../../policy/viewer';

describe.each(testDialects())('anthologies on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { owner: { admin: true } } });
  const db = () => api.server.ctx.db;

  async function open(who: SignedUp, input: Partial<AnthologyCreateInput> = {}) {
    const res = await who.client.post('/api/anthologies', { title: 'Small Hours', ...input });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return anthologyResponseSchema.parse(res.body).anthology;
  }
  const submit = (who: SignedUp, id: string, storyId: string) => who.client.send<ErrorBody>('PUT', `/api/anthologies/${id}/stories/${storyId}`);
  const remove = (who: SignedUp, id: string, storyId: string, reason = '') => who.client.send<ErrorBody>('DELETE', `/api/anthologies/${id}/stories/${storyId}`, { reason });
  async function pageAs(who: SignedUp | null, id: string) {
    const res = await (who ? who.client : api.server.client()).get(`/api/anthologies/${id}`);
    return { status: res.status, body: res.status === 200 ? anthologyPageSchema.parse(res.body) : (res.body as ErrorBody) };
  }
  const titles = (page: AnthologyPage, list: 'stories' | 'pending' = 'stories') => page[list].map((s) => s.title);
  const page = async (who: SignedUp | null, id: string) => {
    const res = await pageAs(who, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as AnthologyPage;
  };
  async function handleOf(who: SignedUp) {
    return (await db().selectFrom('users').select('handle').where('uid', '=', who.uid).executeTakeFirstOrThrow()).handle;
  }
  const detailsOf = async (who: SignedUp) => (await allNotifications(who.client)).filter((n) => n.type === 'anthology').map((n) => n.detail);

  it('opens an anthology with its defaults, changes it and deletes it; the stories stay', async () => {
    const owner = await signUp(api.server);
    const made = await open(owner, { title: '  Night Shift  ', rules: 'Exactly 100 words.' });
    expect(made).toMatchObject({
      title: 'Night Shift',
      description: '',
      rules: 'Exactly 100 words.',
      cover: 'ink',
      submissions: 'moderated',
      order: 'newest',
      storyCount: 0,
      followers: 0,
      following: false,
      permissions: { edit: true, manage: true, submit: true, follow: true, report: false },
    });
    expect(made.editors.map((e) => e.uid)).toEqual([owner.uid]);
    const changed = await owner.client.patch(`/api/anthologies/${made.id}`, { cover: 'sea', submissions: 'open', description: 'Stories told after midnight.' });
    expect(anthologyResponseSchema.parse(changed.body).anthology).toMatchObject({ cover: 'sea', submissions: 'open', description: 'Stories told after midnight.' });
    const story = await postStory(owner.client, { public: true, title: 'Three a.m.' });
    expect((await submit(owner, made.id, story.id)).status).toBe(200);
    expect((await owner.client.delete(`/api/anthologies/${made.id}`)).status).toBe(204);
    expect((await pageAs(null, made.id)).status).toBe(404);
    expect((await owner.client.get(`/api/stories/${story.id}`)).status).toBe(200);
  });

  it('refuses what a client may send wrong, changing nothing', async () => {
    const owner = await signUp(api.server);
    const bad = async (body: unknown, message: string) => {
      const res = await owner.client.post<ErrorBody>('/api/anthologies', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    };
    await bad({ title: '   ' }, 'Please give your anthology a title.');
    await bad({ title: 'x'.repeat(121) }, 'Title must be at most 120 characters.');
    await bad({ title: 'Ok', cover: 'gold' }, 'Choose one of the cover colours.');
    await bad({ title: 'Ok', submissions: 'maybe' }, 'Choose open, moderated or closed.');
    await bad({ title: 'Ok', rules: 'r'.repeat(1001) }, 'Rules must be at most 1000 characters.');
    expect((await owner.client.post<ErrorBody>('/api/anthologies', { title: 'Ok', extra: 1 })).status).toBe(400);
    const made = await open(owner);
    expect((await owner.client.patch<ErrorBody>(`/api/anthologies/${made.id}`, {})).status).toBe(400);
    expect((await owner.client.send<ErrorBody>('PUT', `/api/anthologies/${made.id}/order`, { storyIds: ['a', 'a'] })).status).toBe(400);
    expect((await owner.client.send<ErrorBody>('DELETE', `/api/anthologies/${made.id}/stories/nope`, { reason: 'r'.repeat(301) })).status).toBe(400);
    expect((await api.server.client().post<ErrorBody>('/api/anthologies', { title: 'Guest' })).status).toBe(401);
    expect((await owner.client.get('/api/anthologies/not-an-id!')).status).toBe(404);
    const count = await db().selectFrom('anthologies').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', owner.uid).executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('moderated: a submission waits, the editors are told, an accept or a decline tells the writer', async () => {
    const owner = await signUp(api.server);
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const made = await open(owner, { title: 'Harbour Lights' });
    const first = await postStory(writer.client, { public: true, title: 'Fog' });
    const second = await postStory(writer.client, { public: true, title: 'Gulls' });

    const answer = await submit(writer, made.id, first.id);
    expect(answer.status).toBe(200);
    expect(anthologySubmitAnswerSchema.parse(answer.body)).toEqual({ status: 'pending', message: ANTHOLOGY_TEXTS.submitted });
    expect(anthologySubmitAnswerSchema.parse((await submit(writer, made.id, first.id)).body).status).toBe('pending');
    expect(await detailsOf(owner)).toEqual([anthologyNotice.submitted('Fog', 'Harbour Lights')]);
    // Waiting: the editors see it; the reader does not, and the story page tells only its writer.
    expect(titles(await page(owner, made.id), 'pending')).toEqual(['Fog']);
    expect((await page(reader, made.id)).pending).toEqual([]);
    expect((await page(reader, made.id)).stories).toEqual([]);
    const where = async (who: SignedUp) => storyAnthologiesSchema.parse((await who.client.get(`/api/anthologies/story/${first.id}`)).body).anthologies;
    expect(await where(writer)).toEqual([{ id: made.id, title: 'Harbour Lights', status: 'pending' }]);
    expect(await where(reader)).toEqual([]);

    // Only an editor accepts; a second accept finds nothing waiting.
    expect((await reader.client.post<ErrorBody>(`/api/anthologies/${made.id}/stories/${first.id}/accept`)).status).toBe(403);
    expect((await owner.client.post(`/api/anthologies/${made.id}/stories/${first.id}/accept`)).status).toBe(200);
    const again = await owner.client.post<ErrorBody>(`/api/anthologies/${made.id}/stories/${first.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ANTHOLOGY_TEXTS.notPending);
    expect(titles(await page(reader, made.id))).toEqual(['Fog']);
    expect(await where(reader)).toEqual([{ id: made.id, title: 'Harbour Lights', status: 'accepted' }]);

    expect((await submit(writer, made.id, second.id)).status).toBe(200);
    expect((await owner.client.post(`/api/anthologies/${made.id}/stories/${second.id}/decline`, { reason: 'Not about the sea.' })).status).toBe(200);
    expect(titles(await page(owner, made.id), 'pending')).toEqual([]);
    expect(await detailsOf(writer)).toEqual([anthologyNotice.declined('Gulls', 'Harbour Lights', 'Not about the sea.'), anthologyNotice.accepted('Fog', 'Harbour Lights')]);
  });

  it('open adds at once; closed refuses all but the editors; only the writer’s own public story goes in', async () => {
    const owner = await signUp(api.server);
    const writer = await signUp(api.server);
    const made = await open(owner, { submissions: 'open' });
    const story = await postStory(writer.client, { public: true, title: 'Open door' });
    expect(anthologySubmitAnswerSchema.parse((await submit(writer, made.id, story.id)).body)).toEqual({ status: 'accepted', message: ANTHOLOGY_TEXTS.added });
    expect(titles(await page(null, made.id))).toEqual(['Open door']);

    const others = await submit(owner, made.id, (await postStory(writer.client, { public: true })).id);
    expect(others.status).toBe(403);
    expect(others.body.error.message).toBe(ANTHOLOGY_TEXTS.onlyOwnStories);
    const secret = await submit(writer, made.id, (await postStory(writer.client, { public: false })).id);
    expect(secret.status).toBe(400);
    expect(secret.body.error.message).toBe(ANTHOLOGY_TEXTS.onlyPublicStories);

    await owner.client.patch(`/api/anthologies/${made.id}`, { submissions: 'closed' });
    const closed = await submit(writer, made.id, (await postStory(writer.client, { public: true })).id);
    expect(closed.status).toBe(403);
    expect(closed.body.error.message).toBe(ANTHOLOGY_TEXTS.closed);
    expect((await page(writer, made.id)).anthology.permissions.submit).toBe(false);
    const editors = await submit(owner, made.id, (await postStory(owner.client, { public: true, title: 'Editor’s own' })).id);
    expect(anthologySubmitAnswerSchema.parse(editors.body).status).toBe('accepted');
  });

  it('the writer withdraws quietly; an editor removes only with a reason, which the writer is told', async () => {
    const owner = await signUp(api.server);
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const made = await open(owner, { title: 'Tidewrack', submissions: 'open' });
    const kept = await postStory(writer.client, { public: true, title: 'Driftwood' });
    const gone = await postStory(writer.client, { public: true, title: 'Bottle' });
    for (const s of [kept, gone]) await submit(writer, made.id, s.id);

    expect((await remove(writer, made.id, gone.id)).status).toBe(200);
    expect((await remove(reader, made.id, kept.id, 'Because')).status).toBe(403);
    const noReason = await remove(owner, made.id, kept.id);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(ANTHOLOGY_TEXTS.reasonRequired);
    expect(titles(await page(null, made.id))).toEqual(['Driftwood']);
    expect((await remove(owner, made.id, kept.id, 'Off theme this month.')).status).toBe(200);
    expect((await page(null, made.id)).stories).toEqual([]);
    expect(await detailsOf(writer)).toEqual([anthologyNotice.removed('Driftwood', 'Tidewrack', 'Off theme this month.')]);
    expect((await remove(owner, made.id, kept.id, 'Again')).status).toBe(404);
  });

  it('co-editors: named by handle, they edit and accept but do not manage; they can step down', async () => {
    const owner = await signUp(api.server);
    const co = await signUp(api.server);
    const writer = await signUp(api.server);
    const made = await open(owner);
    const named = await owner.client.post(`/api/anthologies/${made.id}/editors`, { member: `@${await handleOf(co)}` });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(anthologyResponseSchema.parse(named.body).anthology.editors.map((e) => e.uid)).toEqual([owner.uid, co.uid]);
    expect((await owner.client.post<ErrorBody>(`/api/anthologies/${made.id}/editors`, { member: 'nobody_here_at_all' })).status).toBe(404);
    expect((await owner.client.post<ErrorBody>(`/api/anthologies/${made.id}/editors`, { member: owner.uid })).status).toBe(409);

    const asCo = (await page(co, made.id)).anthology.permissions;
    expect(asCo).toMatchObject({ edit: true, manage: false, report: false });
    const story = await postStory(writer.client, { public: true, title: 'Second opinion' });
    await submit(writer, made.id, story.id);
    expect((await co.client.post(`/api/anthologies/${made.id}/stories/${story.id}/accept`)).status).toBe(200);
    expect((await co.client.patch(`/api/anthologies/${made.id}`, { rules: 'Co-edited.' })).status).toBe(200);
    expect((await co.client.delete<ErrorBody>(`/api/anthologies/${made.id}`)).status).toBe(403);
    expect((await co.client.post<ErrorBody>(`/api/anthologies/${made.id}/editors`, { member: writer.uid })).status).toBe(403);
    expect(myAnthologiesSchema.parse((await co.client.get('/api/anthologies/mine')).body).editing.map((a) => a.id)).toEqual([made.id]);

    expect((await co.client.delete(`/api/anthologies/${made.id}/editors/${co.uid}`)).status).toBe(200);
    expect((await co.client.patch<ErrorBody>(`/api/anthologies/${made.id}`, { rules: 'No longer.' })).status).toBe(403);
    expect((await owner.client.delete<ErrorBody>(`/api/anthologies/${made.id}/editors/${co.uid}`)).status).toBe(404);
  });

  it(`never names more than ${ANTHOLOGY_CO_EDITORS_MAX} co-editors, even in a burst`, async () => {
    const owner = await signUp(api.server);
    const made = await open(owner);
    const people = await Promise.all(Array.from({ length: ANTHOLOGY_CO_EDITORS_MAX + 4 }, () => signUp(api.server)));
    const results = await Promise.all(people.map((p) => owner.client.post<ErrorBody>(`/api/anthologies/${made.id}/editors`, { member: p.uid })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(ANTHOLOGY_CO_EDITORS_MAX);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(4).fill(409));
    expect(refused[0]!.body.error.message).toBe(ANTHOLOGY_TEXTS.tooManyEditors);
    const rows = await db().selectFrom('anthologyEditors').select('uid').where('anthologyId', '=', made.id).execute();
    expect(rows).toHaveLength(ANTHOLOGY_CO_EDITORS_MAX);
  });

  it(`never lets a member open more than ${ANTHOLOGIES_PER_OWNER_MAX}, even in a burst; a limited account opens none`, async () => {
    const owner = await signUp(api.server);
    const now = new Date().toISOString();
    const row = { uid: owner.uid, description: '', rules: '', cover: 'ink', submissions: 'open', storyOrder: 'newest', lastAddedAt: now, created_at: now, updated_at: now };
    await db()
      .insertInto('anthologies')
      .values(Array.from({ length: ANTHOLOGIES_PER_OWNER_MAX - 2 }, (_, i) => ({ ...row, id: newId(), title: `A${i}` })))
      .execute();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.client.post<ErrorBody>('/api/anthologies', { title: `Burst ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(Array(6).fill(409));
    const count = await db().selectFrom('anthologies').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', owner.uid).executeTakeFirst();
    expect(Number(count?.n)).toBe(ANTHOLOGIES_PER_OWNER_MAX);

    const limited = await signUp(api.server);
    expect((await api.owner.client.post(`/api/admin/users/${limited.uid}/actions`, { action: 'limit', reason: 'For the test' })).status).toBe(200);
    const refused = await limited.client.post<ErrorBody>('/api/anthologies', { title: 'Mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ANTHOLOGY_TEXTS.standing);
  });

  it(`never holds more than ${ANTHOLOGY_STORIES_MAX} stories, even in a burst of submissions`, async () => {
    const owner = await signUp(api.server);
    const made = await open(owner, { submissions: 'open' });
    const now = new Date().toISOString();
    await db()
      .insertInto('anthologyStories')
      .values(Array.from({ length: ANTHOLOGY_STORIES_MAX - 2 }, (_, i) => ({ anthologyId: made.id, storyId: newId(), status: 'accepted', position: i, addedAt: now })))
      .execute();
    const writers = await Promise.all(Array.from({ length: 6 }, () => signUp(api.server)));
    const stories = await Promise.all(writers.map((w) => postStory(w.client, { public: true })));
    const results = await Promise.all(writers.map((w, i) => submit(w, made.id, stories[i]!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(4).fill(409));
    const rows = await db().selectFrom('anthologyStories').select(['position']).where('anthologyId', '=', made.id).execute();
    expect(rows).toHaveLength(ANTHOLOGY_STORIES_MAX);
    expect(new Set(rows.map((r) => Number(r.position))).size).toBe(ANTHOLOGY_STORIES_MAX);
  });

  it("the editors' order: it starts as readers saw it, moves by reorder, and refuses a stale list", async () => {
    const owner = await signUp(api.server);
    const made = await open(owner, { submissions: 'open' });
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const s = await postStory(owner.client, { public: true, title });
      ids.push(s.id);
      await submit(owner, made.id, s.id);
    }
    expect(titles(await page(null, made.id))).toEqual(['Three', 'Two', 'One']);
    await owner.client.patch(`/api/anthologies/${made.id}`, { order: 'editors' });
    expect(titles(await page(null, made.id))).toEqual(['Three', 'Two', 'One']);
    const moved = await owner.client.send('PUT', `/api/anthologies/${made.id}/order`, { storyIds: [ids[1], ids[0], ids[2]] });
    expect(moved.status).toBe(200);
    expect(titles(anthologyPageSchema.parse(moved.body))).toEqual(['Two', 'One', 'Three']);
    const stale = await owner.client.send<ErrorBody>('PUT', `/api/anthologies/${made.id}/order`, { storyIds: [ids[1], ids[0]] });
    expect(stale.status).toBe(409);
    const s4 = await postStory(owner.client, { public: true, title: 'Four' });
    await submit(owner, made.id, s4.id);
    expect(titles(await page(null, made.id))).toEqual(['Two', 'One', 'Three', 'Four']);
  });

  it('readers see only what they may read; a suspended opener or a block hides it; the directory searches', async () => {
    const owner = await signUp(api.server);
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const tag = newId().slice(0, 8).toLowerCase();
    const made = await open(owner, { title: `Lanterns ${tag}`, description: 'Small lights in the dark.', submissions: 'open' });
    const shown = await postStory(writer.client, { public: true, title: 'Paper lantern' });
    const later = await postStory(writer.client, { public: true, title: 'Soon private' });
    for (const s of [shown, later]) await submit(writer, made.id, s.id);
    expect((await writer.client.patch(`/api/stories/${later.id}/visibility`, { public: false })).status).toBe(200);
    expect(titles(await page(reader, made.id))).toEqual(['Paper lantern']);
    expect((await page(reader, made.id)).anthology.storyCount).toBe(1);

    const found = async (who: SignedUp | null, q: string) =>
      anthologyListSchema.parse((await (who ? who.client : api.server.client()).get(`/api/anthologies?q=${encodeURIComponent(q)}`)).body).anthologies.map((a) => a.id);
    expect(await found(null, tag.toUpperCase())).toEqual([made.id]);
    expect(await found(null, `lanterns ${tag}`)).toEqual([made.id]);
    expect(await found(reader, '%')).not.toContain('%');

    expect((await owner.client.post(`/api/blocks/${reader.uid}`, {})).status).toBe(200);
    expect((await pageAs(reader, made.id)).status).toBe(404);
    expect(await found(reader, tag)).toEqual([]);
    expect((await pageAs(null, made.id)).status).toBe(200);

    expect((await api.owner.client.post(`/api/admin/users/${owner.uid}/actions`, { action: 'suspend', reason: 'For the test' })).status).toBe(200);
    expect((await pageAs(null, made.id)).status).toBe(404);
    expect((await pageAs(writer, made.id)).status).toBe(404);
    expect(await found(null, tag)).toEqual([]);
    expect((await fetch(new URL(`/anthologies/${made.id}/feed.atom`, api.server.url))).status).toBe(404);
    expect((await pageAs(api.owner, made.id)).status).toBe(200);
  });

  it('pages the directory newest-added first', async () => {
    const owner = await signUp(api.server);
    const tag = `page${newId().slice(0, 6).toLowerCase()}`;
    // Written straight to the database: more than one member may open.
    const ids = Array.from({ length: 26 }, () => newId());
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const row = { uid: owner.uid, description: '', rules: '', cover: 'ink', submissions: 'open', storyOrder: 'newest', created_at: at(0), updated_at: at(0) };
    await db()
      .insertInto('anthologies')
      .values(ids.map((id, i) => ({ ...row, id, title: `${tag} ${i}`, lastAddedAt: at(i) })))
      .execute();
    const first = anthologyListSchema.parse((await api.server.client().get(`/api/anthologies?q=${tag}`)).body);
    expect(first.anthologies).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const second = anthologyListSchema.parse((await api.server.client().get(`/api/anthologies?q=${tag}&cursor=${first.nextCursor}`)).body);
    expect([...first.anthologies, ...second.anthologies].map((a) => a.id)).toEqual(ids.reverse());
    expect(second.nextCursor).toBeNull();
    expect((await api.server.client().get('/api/anthologies?cursor=bogus')).status).toBe(400);
  });

  it('follows and unfollows; followers hear of new stories in their digest; the Atom feed carries what a guest may read', async () => {
    const owner = await signUp(api.server);
    const writer = await signUp(api.server);
    const reader = await signUp(api.server);
    const made = await open(owner, { title: 'Feed & Fable', submissions: 'open' });
    const since = new Date(Date.now() - 1000).toISOString();
    const followed = await reader.client.send('PUT', `/api/anthologies/${made.id}/follow`);
    expect(anthologyResponseSchema.parse(followed.body).anthology).toMatchObject({ following: true, followers: 1 });
    expect(myAnthologiesSchema.parse((await reader.client.get('/api/anthologies/mine')).body).following.map((a) => a.id)).toEqual([made.id]);
    const story = await postStory(writer.client, { public: true, title: 'Fable one' });
    await submit(writer, made.id, story.id);

    const content = await digestContent(db(), viewerOf({ uid: reader.uid, admin: false }), since, new Date(Date.now() + 1000));
    expect(content.anthologyStories.map((s) => s.title)).toEqual(['Fable one']);
    expect(content.news.stories).toBe(1);

    const res = await fetch(new URL(`/anthologies/${made.id}/feed.atom`, api.server.url));
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`/story/${story.id}`);
    expect(xml).toContain('<title type="text">Drabble: Feed &amp; Fable, an anthology</title>');

    const unfollowed = await reader.client.delete(`/api/anthologies/${made.id}/follow`);
    expect(anthologyResponseSchema.parse(unfollowed.body).anthology).toMatchObject({ following: false, followers: 0 });
    const after = await digestContent(db(), viewerOf({ uid: reader.uid, admin: false }), since, new Date(Date.now() + 1000));
    expect(after.anthologyStories).toEqual([]);
  });

  it('is reportable by readers, not its editors; "Remove content" takes it down and tells its opener', async () => {
    const owner = await signUp(api.server);
    const reader = await signUp(api.server);
    const made = await open(owner, { title: 'Spam Corner', description: 'Buy things.' });
    const own = await owner.client.post<ErrorBody>('/api/reports', { targetType: 'anthology', targetId: made.id, category: 'spam', note: '' });
    expect(own.status).toBe(400);
    const report = await reader.client.post<{ reportId: string }>('/api/reports', { targetType: 'anthology', targetId: made.id, category: 'spam', note: '' });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const caseRow = await db().selectFrom('moderationCases').select(['id', 'snapshot']).where('targetId', '=', made.id).executeTakeFirstOrThrow();
    expect(JSON.parse(caseRow.snapshot)).toMatchObject({ targetType: 'anthology', title: 'Spam Corner', text: 'Title: Spam Corner\nDescription: Buy things.' });
    const detail = await api.owner.client.get<{ version: number; currentState: string }>(`/api/admin/reports/${caseRow.id}`);
    expect(detail.body.currentState).toBe('unchanged');
    const removed = await api.owner.client.post(`/api/admin/reports/${caseRow.id}/actions`, { action: 'remove', reason: 'Spam.', version: detail.body.version });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await pageAs(null, made.id)).status).toBe(404);
    const notices = (await allNotifications(owner.client)).filter((n) => n.type === 'moderation').map((n) => n.detail ?? '');
    expect(notices.some((d) => d.includes('your anthology “Spam Corner”'))).toBe(true);
  });

  it('downloads as an EPUB of the stories the reader may read, each with its writer, valid by epubcheck', async () => {
    const owner = await signUp(api.server, { name: 'Olive Editor' });
    const writer = await signUp(api.server, { name: 'Wren Writer' });
    const made = await open(owner, { title: 'Moths & <Lamps>', submissions: 'open' });
    const a = await postStory(writer.client, { public: true, title: 'Wingbeat' });
    const b = await postStory(writer.client, { public: true, title: 'Porch light' });
    for (const s of [a, b]) await submit(writer, made.id, s.id);
    const res = await api.server.client().raw('GET', `/api/anthologies/${made.id}/book`, { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="drabble-anthology-moths-lamps.epub"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(bytes);
    const nav = strFromU8(files['EPUB/nav.xhtml']!);
    expect(nav.indexOf('Porch light')).toBeLessThan(nav.indexOf('Wingbeat'));
    expect(strFromU8(files['EPUB/cover.xhtml']!)).toContain('Olive Editor');
    expect(strFromU8(files['EPUB/chapter-0001.xhtml']!)).toContain('<p class="byline">by Wren Writer</p>');
    const check = await epubcheck(bytes);
    expect(check.report).toBe('');
    expect(check.valid, check.summary).toBe(true);
    const empty = await open(owner, { title: 'Empty shelf' });
    expect((await api.server.client().get(`/api/anthologies/${empty.id}/book`)).status).toBe(404);
  });
});
