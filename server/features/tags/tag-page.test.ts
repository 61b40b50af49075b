import { describe, expect, it } from 'vitest';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { TAG_TEXTS } from '@common/tags/tags';
import { tagListResponseSchema, tagPageSchema, type TagPage } from '@common/tags/tag-pages';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';
import { block, follow, mute } from '../feed/test-support';

async function tagPage(client: TestClient, path: string): Promise<TagPage> {
  const res = await client.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tagPageSchema.parse(res.body);
}

async function wholeTag(client: TestClient, key: string, sort: 'newest' | 'liked', limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: TagPage = await tagPage(client, `/api/tags/${key}?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.stories.map((s) => s.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe.each(testDialects())('tag pages on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['writer', 'reader'] });

  it('lists a tag’s public stories newest or most liked, paged by keyset, with its count, in any spelling', async () => {
    const a = await postStory(api.writer.client, { public: true, tags: ['Lamplight'] });
    const b = await postStory(api.writer.client, { public: true, tags: ['lamp-light'] });
    const c = await postStory(api.writer.client, { public: true, tags: ['#LAMPLIGHT', 'other'] });
    const hidden = await postStory(api.writer.client, { public: false, tags: ['lamplight'] });
    await api.server.ctx.db.updateTable('stories').set({ likesCount: 5 }).where('id', '=', a.id).execute();
    await api.server.ctx.db.updateTable('stories').set({ likesCount: 3 }).where('id', '=', c.id).execute();

    expect(await wholeTag(api.reader.client, 'lamplight', 'newest')).toEqual([c.id, a.id]);
    expect(await wholeTag(api.reader.client, 'lamplight', 'liked', 1)).toEqual([a.id, c.id]);
    // "lamp-light" is another key than "lamplight": a hyphen is a separator, not nothing.
    expect(await wholeTag(api.reader.client, 'Lamp%20Light', 'newest')).toEqual([b.id]);
    const page = await tagPage(api.server.client(), '/api/tags/%23LampLight');
    expect(page.tag).toEqual({ key: 'lamplight', name: 'Lamplight', storyCount: 2, followed: false });
    // The writer's own private story is not on the tag's shelf, even for them.
    expect(await wholeTag(api.writer.client, 'lamplight', 'newest')).not.toContain(hidden.id);
  });

  it('answers 404 in the error shape for an unknown or impossible tag, 400 for a bad query', async () => {
    const unknown = await api.server.client().get<ErrorBody>('/api/tags/never-used-tag');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: TAG_TEXTS.notFound });
    for (const bad of ['x', 'bad_tag', '%E0%A4%A']) expect((await api.server.client().get(`/api/tags/${bad}`)).status, bad).toBe(404);
    expect((await api.server.client().get('/api/tags/lamplight?sort=oldest')).status).toBe(400);
    expect((await api.server.client().get('/api/tags/lamplight?cursor=%%%')).status).toBe(400);
  });

  it('answers a tag used only on private stories exactly as one never used, to everyone, its page and its follow alike', async () => {
    await postStory(api.writer.client, { public: false, tags: ['Velvet Hush'] });
    const never = await api.server.client().get<ErrorBody>('/api/tags/never-said-aloud');
    for (const client of [api.server.client(), api.reader.client, api.writer.client]) {
      const page = await client.get<ErrorBody>('/api/tags/velvet-hush');
      expect({ status: page.status, body: page.body }).toEqual({ status: never.status, body: never.body });
    }
    // Its Atom feed too (readers' apps find it from the tag's page).
    const hiddenFeed = await fetch(new URL('/tag/velvet-hush/feed.atom', api.server.config.publicUrl));
    const unknownFeed = await fetch(new URL('/tag/never-said-aloud/feed.atom', api.server.config.publicUrl));
    expect({ status: hiddenFeed.status, body: await hiddenFeed.text() }).toEqual({ status: unknownFeed.status, body: await unknownFeed.text() });
    expect(unknownFeed.status).toBe(404);
    for (const method of ['POST', 'DELETE'] as const) {
      const hidden = await api.reader.client.send<ErrorBody>(method, '/api/tags/velvet-hush/follow');
      const unknown = await api.reader.client.send<ErrorBody>(method, '/api/tags/never-said-aloud/follow');
      expect({ status: hidden.status, body: hidden.body }, method).toEqual({ status: unknown.status, body: unknown.body });
    }
    // Once a public story carries it, the tag is there for everyone; a follower keeps it after that story goes private again.
    const shown = await postStory(api.writer.client, { public: true, tags: ['velvet hush'] });
    expect((await tagPage(api.server.client(), '/api/tags/velvet-hush')).tag).toEqual({ key: 'velvet-hush', name: 'Velvet Hush', storyCount: 1, followed: false });
    expect((await api.reader.client.send('POST', '/api/tags/velvet-hush/follow')).status).toBe(200);
    expect((await api.writer.client.patch(`/api/stories/${shown.id}`, { public: false })).status).toBe(200);
    expect((await tagPage(api.reader.client, '/api/tags/velvet-hush')).tag).toMatchObject({ storyCount: 0, followed: true });
    expect((await api.server.client().get('/api/tags/velvet-hush')).status).toBe(404);
    expect((await api.reader.client.send('DELETE', '/api/tags/velvet-hush/follow')).status).toBe(200);
    expect((await api.reader.client.get('/api/tags/velvet-hush')).status).toBe(404);
  });

  it('keeps to the community’s rules: blocks both ways, mutes, limited and suspended writers, hidden warnings', async () => {
    const blocker = await signUp(api.server);
    const muted = await signUp(api.server);
    const limited = await signUp(api.server);
    const suspended = await signUp(api.server);
    const fine = await postStory(api.writer.client, { public: true, tags: ['Harbour'] });
    const fromBlocker = await postStory(blocker.client, { public: true, tags: ['harbour'] });
    const fromMuted = await postStory(muted.client, { public: true, tags: ['harbour'] });
    const fromLimited = await postStory(limited.client, { public: true, tags: ['harbour'] });
    const fromSuspended = await postStory(suspended.client, { public: true, tags: ['harbour'] });
    const warned = await postStory(api.writer.client, { public: true, tags: ['harbour'], contentWarnings: ['violence'] });
    const all = [fine, fromBlocker, fromMuted, fromLimited, fromSuspended, warned].map((s) => s.id);
    expect(new Set(await wholeTag(api.reader.client, 'harbour', 'newest', 50))).toEqual(new Set(all));

    await block(api.server, blocker.uid, api.reader.uid);
    await mute(api.server, api.reader.uid, muted.uid, null);
    await api.server.ctx.db.updateTable('stories').set({ authorState: AUTHOR_STATE.limited }).where('uid', '=', limited.uid).execute();
    await api.server.ctx.db.updateTable('stories').set({ authorState: AUTHOR_STATE.hidden }).where('uid', '=', suspended.uid).execute();
    const prefs = await api.reader.client.send('PUT', '/api/me/reading-preferences', { hiddenWarnings: ['violence'], alwaysShowText: false });
    expect(prefs.status).toBe(200);

    expect(await wholeTag(api.reader.client, 'harbour', 'newest', 50)).toEqual([fine.id]);
    expect(await wholeTag(api.reader.client, 'harbour', 'liked', 50)).toEqual([fine.id]);
    // The block stands the other way too: the blocker sees their own story, not the reader's.
    const fromReader = await postStory(api.reader.client, { public: true, tags: ['harbour'] });
    const blockerSees = await wholeTag(blocker.client, 'harbour', 'newest', 50);
    expect(blockerSees).toContain(fromBlocker.id);
    expect(blockerSees).not.toContain(fromReader.id);
    await api.server.ctx.db.deleteFrom('storyTags').where('storyId', '=', fromReader.id).execute();
    // A guest: everything but the limited and suspended writers'; the count is the guest's.
    const guest = await tagPage(api.server.client(), '/api/tags/harbour?limit=50');
    expect(new Set(guest.stories.map((s) => s.id))).toEqual(new Set([fine.id, fromBlocker.id, fromMuted.id, warned.id]));
    expect(guest.tag.storyCount).toBe(4);
    // A limited writer's follower still sees them, as on community; the limited writer sees their own.
    await follow(api.server, api.reader.uid, limited.uid);
    expect(await wholeTag(api.reader.client, 'harbour', 'newest', 50)).toEqual([fromLimited.id, fine.id]);
    expect(await wholeTag(limited.client, 'harbour', 'newest', 50)).toContain(fromLimited.id);
  });

  it('suggests existing tags by the start of their key, most used first, never a tag only on private stories', async () => {
    const w = await signUp(api.server);
    for (let i = 0; i < 3; i++) await postStory(w.client, { public: true, tags: ['Quillfeather'] });
    await postStory(w.client, { public: true, tags: ['Quill Pen'] });
    await postStory(w.client, { public: false, tags: ['quill secret'] });
    const res = await api.server.client().get('/api/tags/suggest?q=QUI');
    expect(res.status).toBe(200);
    expect(tagListResponseSchema.parse(res.body).tags).toEqual([
      { key: 'quillfeather', name: 'Quillfeather', storyCount: 3 },
      { key: 'quill-pen', name: 'Quill Pen', storyCount: 1 },
    ]);
    const spaced = tagListResponseSchema.parse((await api.server.client().get('/api/tags/suggest?q=quill%20p')).body).tags;
    expect(spaced.map((t) => t.key)).toEqual(['quill-pen']);
    expect(tagListResponseSchema.parse((await api.server.client().get('/api/tags/suggest?q=%23')).body).tags).toEqual([]);
    expect((await api.server.client().get('/api/tags/suggest')).status).toBe(400);
  });
});
