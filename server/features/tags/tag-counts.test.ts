import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tagPageSchema } from '@common/tags/tag-pages';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';
import { postStory } from '../stories/test-support';
import { taggedStories } from '../../db/story-tags';
import { recount } from '../../cli/recount';

/**
 * tags.storyCount is kept by triggers (db/story-tags.ts): every way a story enters or leaves a
 * tag's guest count moves it, and it always equals the count from the rows.
 */
describe.each(testDialects())('tag counts on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { owner: { admin: true, name: 'The Owner' }, ada: {}, bob: {} } });

  const kept = async (key: string) => Number((await api.server.ctx.db.selectFrom('tags').select('storyCount').where('key', '=', key).executeTakeFirstOrThrow()).storyCount);
  const shown = async (key: string) => tagPageSchema.parse((await api.bob.client.get(`/api/tags/${key}`)).body).tag.storyCount;
  /** Every tag whose kept count differs from its rows. */
  const drifted = async () =>
    (await sql<{ key: string }>`select t.key as key from tags t where t."storyCount" <> ${taggedStories(sql.ref('t.id'))}`.execute(api.server.ctx.db)).rows.map((r) => r.key);
  const act = (uid: string, action: string) => api.owner.client.post(`/api/admin/users/${uid}/actions`, { action, reason: 'For the test' });

  it('counts a story while it is public and its writer in good standing, through every change', async () => {
    const one = await postStory(api.ada.client, { public: true, tags: ['tidepool', 'lantern'] });
    await postStory(api.ada.client, { public: false, tags: ['tidepool'] });
    expect(await kept('tidepool')).toBe(1);
    expect(await shown('tidepool')).toBe(1);

    // Made private and public again; a tag taken off and put back.
    expect((await api.ada.client.patch(`/api/stories/${one.id}`, { public: false })).status).toBe(200);
    expect(await kept('tidepool')).toBe(0);
    expect((await api.ada.client.patch(`/api/stories/${one.id}`, { public: true, tags: ['lantern'] })).status).toBe(200);
    expect([await kept('tidepool'), await kept('lantern')]).toEqual([0, 1]);
    expect((await api.ada.client.patch(`/api/stories/${one.id}`, { tags: ['tidepool', 'lantern'] })).status).toBe(200);
    expect(await kept('tidepool')).toBe(1);

    // Deleted: the count goes with the story.
    const two = await postStory(api.ada.client, { public: true, tags: ['lantern'] });
    expect(await kept('lantern')).toBe(2);
    expect((await api.ada.client.delete(`/api/stories/${two.id}`)).status).toBe(204);
    expect(await kept('lantern')).toBe(1);

    // Her standing: limited and suspended writers are not in the guest's count (a suspension signs her out: last).
    expect((await act(api.ada.uid, 'limit')).status).toBe(200);
    expect(await kept('tidepool')).toBe(0);
    expect((await act(api.ada.uid, 'unlimit')).status).toBe(200);
    expect(await kept('tidepool')).toBe(1);
    expect((await act(api.ada.uid, 'suspend')).status).toBe(200);
    expect(await kept('lantern')).toBe(0);
    expect((await act(api.ada.uid, 'unsuspend')).status).toBe(200);
    expect(await kept('lantern')).toBe(1);
    expect(await drifted()).toEqual([]);
  });

  it('stays exact under a burst of saves, edits, visibility changes and a suspension at once', async () => {
    const writers = [api.bob, await signUp(api.server), await signUp(api.server), await signUp(api.server)];
    const names = ['orchard', 'ember', 'quay', 'hollow'];
    const stories = await Promise.all(writers.map((w, i) => postStory(w.client, { public: true, tags: [names[i % 4]!, names[(i + 1) % 4]!] })));
    const burst = [
      // New stories naming the same tags in opposite orders.
      ...writers.flatMap((w, i) => [
        w.client.post('/api/stories', { title: `Burst ${i}`, content: 'A few words for the burst.', public: true, tags: names }),
        w.client.post('/api/stories', { title: `Burst ${i} again`, content: 'A few more words for it.', public: true, tags: [...names].reverse() }),
      ]),
      // Edits that move tags and visibility together.
      ...stories.map((story, i) => writers[i]!.client.patch(`/api/stories/${story.id}`, { public: i % 2 === 0, tags: [...names].slice(i % 3) })),
      act(writers[3]!.uid, 'suspend'),
    ];
    const statuses = (await Promise.all(burst)).map((res) => res.status);
    // The suspended writer's requests that arrive after the suspension find the session ended.
    const bySuspended = new Set([6, 7, 11]);
    const refused = (status: number, i: number) => !(status === 200 || status === 201 || (bySuspended.has(i) && status === 401));
    expect(statuses.filter(refused), JSON.stringify(statuses)).toEqual([]);
    expect(await drifted()).toEqual([]);
    for (const name of names) expect(await shown(name)).toBe(await kept(name));
  });

  it('leaves an anonymous contest entry out of the count until its reveal', async () => {
    const story = await postStory(api.bob.client, { public: true, tags: ['entrant'] });
    expect(await kept('entrant')).toBe(1);
    await api.server.ctx.db.updateTable('stories').set({ contestId: 'a-contest' }).where('id', '=', story.id).execute();
    expect(await kept('entrant')).toBe(0);
    await api.server.ctx.db.updateTable('stories').set({ contestId: null }).where('id', '=', story.id).execute();
    expect(await kept('entrant')).toBe(1);
  });

  it('orders a tag page by most liked on the tag\'s own copies of the likes, which follow every reaction', async () => {
    const [one, two] = [await postStory(api.bob.client, { public: true, tags: ['beacon'] }), await postStory(api.bob.client, { public: true, tags: ['beacon'] })];
    const reader = await signUp(api.server);
    const order = async () => tagPageSchema.parse((await api.server.client().get('/api/tags/beacon?sort=liked')).body).stories.map((s) => s.id);
    expect(await order()).toEqual([two.id, one.id]);
    expect((await reader.client.send('PUT', `/api/stories/${one.id}/reactions/heart`)).status).toBe(200);
    expect(await order()).toEqual([one.id, two.id]);
    expect((await reader.client.send('DELETE', `/api/stories/${one.id}/reactions/heart`)).status).toBe(200);
    expect(await order()).toEqual([two.id, one.id]);
    const copies = await api.server.ctx.db
      .selectFrom('storyTags as st')
      .innerJoin('stories as s', 's.id', 'st.storyId')
      .select(['st.likesCount as copied', 's.likesCount', 'st.publishedAt as copiedAt', 's.publishedAt'])
      .where('st.storyId', 'in', [one.id, two.id])
      .execute();
    for (const row of copies) expect([row.copied, row.copiedAt]).toEqual([row.likesCount, row.publishedAt]);
  });

  it('`drabble recount` finds a drifted count and sets it from the rows', async () => {
    const story = await postStory(api.bob.client, { public: true, tags: ['driftwood'] });
    expect(story.tags).toHaveLength(1);
    await api.server.ctx.db.updateTable('tags').set({ storyCount: 7 }).where('key', '=', 'driftwood').execute();
    const reports = await recount(api.server.ctx, () => {});
    expect(reports.find((r) => r.kind.name === 'tags.storyCount')?.drifted).toBe(1);
    expect(await kept('driftwood')).toBe(1);
  });
});
