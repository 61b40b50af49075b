import { beforeAll, describe, expect, it } from 'vitest';
import { relationshipResponseSchema, writerPageSchema } from '@common/follows/follows';
import type { Comment, CommentPage, Story, StoryPage } from '@common/stories/story';
import type { PublicProfileResponse } from '@common/profile/profile';
import type { UserRecord } from '@common/me/user';
import type { TestClient } from '../../test/client';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';
import { blockThroughApi, followThroughApi } from './test-support';

/**
 * Ada blocks Bob. Every story, profile, comment, reaction, favourite and follow endpoint is
 * called directly with the other's ids, in both directions: each answers exactly what a
 * missing record answers, and no list shows the other. Unblocking restores access.
 */
describe.each(testDialects())('a block, enforced on every path, on %s', (dialect) => {
  const stories: Record<'ada' | 'bob' | 'cy', Story> = {} as never;
  /** Each one's comment on the other's story and on Cy's. */
  const comments: Record<'adaOnBob' | 'bobOnAda' | 'adaOnCy' | 'bobOnCy', Comment> = {} as never;

  async function comment(who: SignedUp, story: Story, text: string): Promise<Comment> {
    const res = await who.client.post<{ comment: Comment }>(`/api/stories/${story.id}/comments`, { text });
    expect(res.status).toBe(201);
    return res.body.comment;
  }

  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { ada: { name: 'Ada Matrix' }, bob: { name: 'Bob Matrix' }, cy: {} } });
  beforeAll(async () => {
    stories.ada = await postStory(api.ada.client, { public: true, title: 'Ada harbour tale' });
    stories.bob = await postStory(api.bob.client, { public: true, title: 'Bob harbour tale' });
    stories.cy = await postStory(api.cy.client, { public: true });
    comments.adaOnBob = await comment(api.ada, stories.bob, 'Ada on Bob');
    comments.bobOnAda = await comment(api.bob, stories.ada, 'Bob on Ada');
    comments.adaOnCy = await comment(api.ada, stories.cy, 'Ada on Cy');
    comments.bobOnCy = await comment(api.bob, stories.cy, 'Bob on Cy');
    for (const [who, story] of [
      [api.ada, stories.bob],
      [api.bob, stories.ada],
    ] as const) {
      expect((await who.client.send('PUT', `/api/favorites/${story.id}`)).status).toBe(200);
    }
    await followThroughApi(api.ada.client, api.bob.uid);
    await followThroughApi(api.bob.client, api.ada.uid);
    await blockThroughApi(api.ada.client, api.bob.uid);
  });

  const pairs = () =>
    [
      { name: 'the blocker', me: api.ada, other: api.bob, theirStory: stories.bob, myCommentThere: comments.adaOnBob },
      { name: 'the blocked writer', me: api.bob, other: api.ada, theirStory: stories.ada, myCommentThere: comments.bobOnAda },
    ] as const;

  it('answers 404 Story not found on every story path, both ways', async () => {
    for (const { name, me, theirStory, myCommentThere } of pairs()) {
      const id = theirStory.id;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `/api/stories/${id}`],
        ['POST', `/api/stories/${id}/view`],
        ['PUT', `/api/stories/${id}/reactions/heart`],
        ['DELETE', `/api/stories/${id}/reactions/heart`],
        ['GET', `/api/stories/${id}/comments`],
        ['POST', `/api/stories/${id}/comments`, { text: 'Still here?' }],
        ['DELETE', `/api/stories/${id}/comments/${myCommentThere.id}`],
        ['PUT', `/api/favorites/${id}`],
        ['PUT', '/api/feed/marker', { storyId: id }],
      ];
      for (const [method, path, body] of calls) {
        const res = await me.client.send<ErrorBody>(method, path, body);
        expect(res.status, `${name}: ${method} ${path}`).toBe(404);
        expect(res.body.error.message, `${name}: ${method} ${path}`).toBe('Story not found');
      }
    }
    // Nothing was written by the refused calls.
    const rows = await api.server.ctx.db.selectFrom('storyComments').select('id').where('storyId', 'in', [stories.ada.id, stories.bob.id]).execute();
    expect(rows).toHaveLength(2);
    const reactions = await api.server.ctx.db.selectFrom('storyReactions').select('uid').where('storyId', 'in', [stories.ada.id, stories.bob.id]).execute();
    expect(reactions).toEqual([]);
  });

  it('leaves the other out of community, search, favourites and the record, both ways', async () => {
    for (const { name, me, other, theirStory } of pairs()) {
      const lists = [
        '/api/stories/community?sort=newest&limit=50',
        '/api/stories/community?sort=liked&limit=50',
        '/api/stories/community?q=harbour&limit=50',
        `/api/stories/community?author=${other.uid}&limit=50`,
        '/api/favorites',
      ];
      for (const path of lists) {
        const res = await me.client.get<StoryPage>(path);
        expect(res.status, `${name}: ${path}`).toBe(200);
        expect(res.body.stories.map((s) => s.id), `${name}: ${path}`).not.toContain(theirStory.id);
      }
      const record = await me.client.get<{ user: UserRecord }>('/api/me');
      expect(record.body.user.favorites, name).not.toContain(theirStory.id);
      const writers = writerPageSchema.parse((await me.client.get('/api/writers/search?q=Matrix')).body).writers.map((w) => w.uid);
      expect(writers, `${name}: writer search`).not.toContain(other.uid);
    }
    const cyWriters = writerPageSchema.parse((await api.cy.client.get('/api/writers/search?q=Matrix')).body).writers.map((w) => w.uid);
    expect(cyWriters).toEqual(expect.arrayContaining([api.ada.uid, api.bob.uid]));
    // Cy still sees both, and the search found them before the block.
    const cySearch = await api.cy.client.get<StoryPage>('/api/stories/community?q=harbour&limit=50');
    expect(cySearch.body.stories.map((s) => s.id)).toEqual(expect.arrayContaining([stories.ada.id, stories.bob.id]));
  });

  it("hides each one's comments from the other, under anyone's story", async () => {
    const seenBy = async (who: { client: TestClient }, story: Story) =>
      (await who.client.get<CommentPage>(`/api/stories/${story.id}/comments`)).body.comments.map((c) => c.id);
    expect(await seenBy(api.ada, stories.cy)).toEqual([comments.adaOnCy.id]);
    expect(await seenBy(api.bob, stories.cy)).toEqual([comments.bobOnCy.id]);
    expect(await seenBy(api.cy, stories.cy)).toEqual([comments.adaOnCy.id, comments.bobOnCy.id]);
    expect(await seenBy(api.ada, stories.ada)).toEqual([]);
    expect(await seenBy({ client: api.server.client() }, stories.ada)).toEqual([comments.bobOnAda.id]);
    // Ada cannot reach Bob's comment on her story by id either.
    const del = await api.ada.client.send<ErrorBody>('DELETE', `/api/stories/${stories.ada.id}/comments/${comments.bobOnAda.id}`);
    expect(del.status).toBe(404);
    expect(del.body.error.message).toBe('Comment not found');
  });

  it("shows the blocked writer 'User not found' for the blocker's profile; the blocker sees the profile without stories", async () => {
    for (const path of [`/api/users/${api.ada.uid}`, `/api/users/${api.ada.uid}/stories`, `/api/users/${api.ada.uid}/relationship`, `/api/users/${api.ada.uid}/followers`, `/api/users/${api.ada.uid}/following`]) {
      const res = await api.bob.client.get<ErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message, path).toBe('User not found');
    }
    const profile = await api.ada.client.get<PublicProfileResponse>(`/api/users/${api.bob.uid}`);
    expect(profile.status).toBe(200);
    expect(profile.body.profile.uid).toBe(api.bob.uid);
    expect(profile.body.stats.publicStories).toBe(0);
    const theirStories = await api.ada.client.get<StoryPage>(`/api/users/${api.bob.uid}/stories`);
    expect(theirStories.status).toBe(200);
    expect(theirStories.body.stories).toEqual([]);
    const { relationship } = relationshipResponseSchema.parse((await api.ada.client.get(`/api/users/${api.bob.uid}/relationship`)).body);
    expect(relationship).toMatchObject({ blocking: true, following: false, followedBy: false });
    // Guests and others still see both profiles.
    expect((await api.server.client().get(`/api/users/${api.ada.uid}`)).status).toBe(200);
    expect((await api.cy.client.get<StoryPage>(`/api/users/${api.bob.uid}/stories`)).body.stories.map((s) => s.id)).toContain(stories.bob.id);
  });

  it('refuses every follow action between them as User not found, both ways', async () => {
    for (const { name, me, other } of pairs()) {
      for (const [method, path] of [
        ['POST', `/api/follows/${other.uid}`],
        ['DELETE', `/api/follows/${other.uid}`],
        ['DELETE', `/api/followers/${other.uid}`],
      ] as const) {
        const res = await me.client.send<ErrorBody>(method, path);
        expect(res.status, `${name}: ${method} ${path}`).toBe(404);
        expect(res.body.error.message).toBe('User not found');
      }
    }
    const rows = await api.server.ctx.db
      .selectFrom('follows')
      .select('followerUid')
      .where('followerUid', 'in', [api.ada.uid, api.bob.uid])
      .where('followeeUid', 'in', [api.ada.uid, api.bob.uid])
      .execute();
    expect(rows).toEqual([]);
  });

  it('restores access on unblock, but not the follows the block removed', async () => {
    const res = await api.ada.client.send('DELETE', `/api/blocks/${api.bob.uid}`);
    expect(res.status).toBe(200);
    expect(relationshipResponseSchema.parse(res.body).relationship).toMatchObject({ blocking: false, following: false, followedBy: false });
    expect(writerPageSchema.parse((await api.ada.client.get('/api/blocks')).body).writers).toEqual([]);
    for (const { me, other, theirStory } of pairs()) {
      expect((await me.client.get(`/api/stories/${theirStory.id}`)).status).toBe(200);
      expect((await me.client.send('PUT', `/api/stories/${theirStory.id}/reactions/clap`)).status).toBe(200);
      expect((await me.client.get(`/api/users/${other.uid}`)).status).toBe(200);
      const community = await me.client.get<StoryPage>('/api/stories/community?sort=newest&limit=50');
      expect(community.body.stories.map((s) => s.id)).toContain(theirStory.id);
    }
    // The old favourites come back with the stories; the follows stay gone until followed again.
    expect((await api.ada.client.get<{ user: UserRecord }>('/api/me')).body.user.favorites).toContain(stories.bob.id);
    expect((await api.bob.client.get<CommentPage>(`/api/stories/${stories.cy.id}/comments`)).body.comments).toHaveLength(2);
    const rel = relationshipResponseSchema.parse((await api.bob.client.get(`/api/users/${api.ada.uid}/relationship`)).body).relationship;
    expect(rel).toMatchObject({ following: false, followedBy: false });
    expect((await followThroughApi(api.bob.client, api.ada.uid)).following).toBe(true);
  });
});
