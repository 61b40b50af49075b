import { describe, expect, it } from 'vitest';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { tagFollowResponseSchema, tagListResponseSchema, tagPageSchema } from '@common/tags/tag-pages';
import { storyPageSchema } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { postStory, type ErrorBody } from '../stories/test-support';
import { block, feedPage, follow, mute } from '../feed/test-support';
import { pageFeeds } from '../feeds/head';

async function setFollow(client: TestClient, key: string, on: boolean) {
  const res = await client.send(on ? 'POST' : 'DELETE', `/api/tags/${key}/follow`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tagFollowResponseSchema.parse(res.body).followed;
}

async function followed(client: TestClient) {
  const res = await client.get('/api/tags/followed');
  expect(res.status).toBe(200);
  return tagListResponseSchema.parse(res.body).tags.map((t) => t.key);
}

describe.each(testDialects())('following tags on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['writer', 'reader'] });

  it('follows and unfollows a tag, twice is no error; 401 for a guest, 404 for no such tag; listed for its follower only', async () => {
    await postStory(api.writer.client, { public: true, tags: ['Moth Light'] });
    expect((await api.server.client().send<ErrorBody>('POST', '/api/tags/moth-light/follow')).status).toBe(401);
    expect((await api.server.client().get('/api/tags/followed')).status).toBe(401);
    const missing = await api.reader.client.send<ErrorBody>('POST', '/api/tags/no-such-tag-here/follow');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(await setFollow(api.reader.client, 'Moth%20Light', true)).toBe(true);
    expect(await setFollow(api.reader.client, 'moth-light', true)).toBe(true);
    expect(await followed(api.reader.client)).toEqual(['moth-light']);
    expect(await followed(api.writer.client)).toEqual([]);
    expect(tagPageSchema.parse((await api.reader.client.get('/api/tags/moth-light')).body).tag.followed).toBe(true);
    expect(tagPageSchema.parse((await api.writer.client.get('/api/tags/moth-light')).body).tag.followed).toBe(false);
    expect(await setFollow(api.reader.client, 'moth-light', false)).toBe(false);
    expect(await setFollow(api.reader.client, 'moth-light', false)).toBe(false);
    expect(await followed(api.reader.client)).toEqual([]);
  });

  it('brings a followed tag’s stories into the feed marked with the tag, under the community’s rules', async () => {
    const fan = await signUp(api.server);
    const stranger = await signUp(api.server);
    const blocked = await signUp(api.server);
    const muted = await signUp(api.server);
    const limited = await signUp(api.server);
    const friend = await signUp(api.server);
    const tagged = await postStory(stranger.client, { public: true, tags: ['Tidepool'] });
    const privateOne = await postStory(stranger.client, { public: false, tags: ['tidepool'] });
    const fromBlocked = await postStory(blocked.client, { public: true, tags: ['tidepool'] });
    const fromMuted = await postStory(muted.client, { public: true, tags: ['tidepool'] });
    const fromLimited = await postStory(limited.client, { public: true, tags: ['tidepool'] });
    const warned = await postStory(stranger.client, { public: true, tags: ['tidepool'], contentWarnings: ['death'] });
    const own = await postStory(fan.client, { public: true, tags: ['tidepool'] });
    const friendTagged = await postStory(friend.client, { public: true, tags: ['tidepool'] });
    const friendPlain = await postStory(friend.client, { public: true });
    await api.server.ctx.db.updateTable('stories').set({ authorState: AUTHOR_STATE.limited }).where('uid', '=', limited.uid).execute();
    await block(api.server, blocked.uid, fan.uid);
    await mute(api.server, fan.uid, muted.uid, null);
    await follow(api.server, fan.uid, friend.uid);
    expect((await fan.client.send('PUT', '/api/me/reading-preferences', { hiddenWarnings: ['death'], alwaysShowText: false })).status).toBe(200);

    const before = (await feedPage(fan.client)).stories.map((s) => s.id);
    expect(before).toEqual([friendPlain.id, friendTagged.id]);

    await setFollow(fan.client, 'tidepool', true);
    const feed = (await feedPage(fan.client, '?limit=50')).stories;
    expect(feed.map((s) => s.id)).toEqual([friendPlain.id, friendTagged.id, tagged.id]);
    // Only the story there for the tag says so; the followed writer's own tagged story is there for its writer.
    expect(feed.find((s) => s.id === tagged.id)?.becauseTag).toEqual({ key: 'tidepool', name: 'Tidepool' });
    expect(feed.find((s) => s.id === friendTagged.id)?.becauseTag).toBeNull();
    for (const id of [privateOne.id, fromBlocked.id, fromMuted.id, fromLimited.id, warned.id, own.id]) expect(feed.map((s) => s.id)).not.toContain(id);

    // Pages of one by keyset give the same list; the new-stories count sees tagged stories too.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await feedPage(fan.client, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.stories.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(feed.map((s) => s.id));
    const head = await feedPage(fan.client);
    const newer = await postStory(stranger.client, { public: true, tags: ['TIDEPOOL'] });
    const count = await fan.client.get<{ count: number }>(`/api/feed/new-count?after=${head.newestCursor}`);
    expect(count.body.count).toBe(1);
    expect((await feedPage(fan.client)).stories[0]?.id).toBe(newer.id);

    // A follower of the limited writer sees their story (as on community); unfollowing the tag empties it of tagged stories.
    await follow(api.server, fan.uid, limited.uid);
    const withLimited = (await feedPage(fan.client, '?limit=50')).stories.map((s) => s.id);
    expect(withLimited).toContain(fromLimited.id);
    await setFollow(fan.client, 'tidepool', false);
    expect((await feedPage(fan.client, '?limit=50')).stories.map((s) => s.id)).not.toContain(tagged.id);
  });

  it('community search for #tag lists the tag’s stories; /api/tags lists the week’s most used', async () => {
    const w = await signUp(api.server);
    const a = await postStory(w.client, { public: true, tags: ['Saltmarsh'], title: 'Nothing in the title' });
    const b = await postStory(w.client, { public: true, tags: ['salt marsh'] });
    await postStory(w.client, { public: false, tags: ['saltmarsh'] });
    const found = storyPageSchema.parse((await api.server.client().get('/api/stories/community?q=%23saltmarsh')).body).stories.map((s) => s.id);
    expect(found).toEqual([a.id]);
    expect(storyPageSchema.parse((await api.server.client().get('/api/stories/community?q=%23salt-marsh')).body).stories.map((s) => s.id)).toEqual([b.id]);
    expect(storyPageSchema.parse((await api.server.client().get('/api/stories/community?q=%23nope-never')).body).stories).toEqual([]);

    // Plain words find a story by its tags' names too (migration 0025), both sorts; a tag taken off no longer does.
    const search = async (q: string, sort = 'newest') =>
      storyPageSchema.parse((await api.server.client().get(`/api/stories/community?q=${encodeURIComponent(q)}&sort=${sort}`)).body).stories.map((s) => s.id);
    const quiet = await postStory(w.client, { public: true, title: 'Untitled', content: 'Nothing here says where.', tags: ['Brackwater Fen'] });
    expect(await search('brackwater')).toEqual([quiet.id]);
    expect(await search('brackwater fen', 'liked')).toEqual([quiet.id]);
    expect((await w.client.patch(`/api/stories/${quiet.id}`, { tags: ['elsewhere'] })).status).toBe(200);
    expect(await search('brackwater')).toEqual([]);
    expect(await search('elsewhere')).toEqual([quiet.id]);

    for (let i = 0; i < 3; i++) await postStory(w.client, { public: true, tags: ['weekly hit'] });
    // Put on more than seven days ago: not this week's.
    const old = await postStory(w.client, { public: true, tags: ['old news'] });
    await api.server.ctx.db.updateTable('storyTags').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('storyId', '=', old.id).execute();
    const trending = tagListResponseSchema.parse((await api.server.client().get('/api/tags')).body).tags;
    expect(trending).toContainEqual({ key: 'weekly-hit', name: 'weekly hit', storyCount: 3 });
    // Most used first (this file's other tests put theirs on this week too).
    expect(trending.map((t) => t.storyCount)).toEqual(trending.map((t) => t.storyCount).sort((x, y) => y - x));
    expect(trending.map((t) => t.key)).not.toContain('old-news');
  });

  it('serves a tag’s Atom feed (no private story), answers 304, names it in the page’s head, and lists tag pages in the sitemap', async () => {
    const w = await signUp(api.server);
    const shown = await postStory(w.client, { public: true, tags: ['Fogbank'], title: 'Fog entry' });
    const hidden = await postStory(w.client, { public: false, tags: ['fogbank'], title: 'Private fog' });
    const res = await api.server.client().raw('GET', '/tag/fogbank/feed.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await res.text();
    expect(xml).toContain(`/story/${shown.id}`);
    expect(xml).not.toContain(hidden.id);
    expect(xml).toContain('#Fogbank');
    const again = await api.server.client().raw('GET', '/tag/Fogbank/feed.atom', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await api.server.client().raw('GET', '/tag/never-a-tag/feed.atom')).status).toBe(404);

    const link = await pageFeeds(api.server.ctx)('/tag/Fogbank');
    expect(link).toEqual({ title: expect.stringContaining('#Fogbank'), url: `${api.server.ctx.config.publicUrl}/tag/fogbank/feed.atom` });
    expect(await pageFeeds(api.server.ctx)('/tag/never-a-tag')).toBeNull();

    const index = await (await api.server.client().raw('GET', '/sitemap.xml')).text();
    expect(index).toContain('/sitemaps/tags-1.xml');
    const tags = await (await api.server.client().raw('GET', '/sitemaps/tags-1.xml')).text();
    expect(tags).toContain('/tag/fogbank</loc>');
    // A tag only on private stories is no page for search engines.
    await postStory(w.client, { public: false, tags: ['secret tag only'] });
    expect(await (await api.server.client().raw('GET', '/sitemaps/tags-1.xml')).text()).not.toContain('secret-tag-only');
  });
});
