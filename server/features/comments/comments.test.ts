import { describe, expect, it } from 'vitest';
import { commentCreatedSchema, commentPageSchema, type Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('comments on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { ada: { name: 'Ada' }, bob: { name: 'Bob Reader' }, cy: { name: 'Cy' } } });

  const commentsCount = async (id: string) =>
    Number((await api.server.ctx.db.selectFrom('stories').select('commentsCount').where('id', '=', id).executeTakeFirstOrThrow()).commentsCount);
  const storedComments = async (id: string) => (await api.server.ctx.db.selectFrom('storyComments').select('id').where('storyId', '=', id).execute()).length;

  it('posts a trimmed comment with its author and keeps commentsCount exact', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const res = await api.bob.client.post(`/api/stories/${story.id}/comments`, { text: '  What an ending!\nWow.  ' });
    expect(res.status).toBe(201);
    const { comment, commentsCount } = commentCreatedSchema.parse(res.body);
    expect(comment).toMatchObject({
      storyId: story.id,
      uid: api.bob.uid,
      text: 'What an ending!\nWow.',
      authorDisplayName: 'Bob Reader',
      authorProfileIcon: 'User',
      permissions: { delete: true },
    });
    expect(comment.createdAt).toBe(comment.created_at);
    expect(commentsCount).toBe(1);
    expect((await api.ada.client.get<{ story: Story }>(`/api/stories/${story.id}`)).body.story.commentsCount).toBe(1);
  });

  it('lists comments oldest first, for guests too, with who may delete each', async () => {
    const story = await postStory(api.ada.client, { public: true });
    await api.bob.client.post(`/api/stories/${story.id}/comments`, { text: 'first' });
    await api.cy.client.post(`/api/stories/${story.id}/comments`, { text: 'second' });
    const asBob = commentPageSchema.parse((await api.bob.client.get(`/api/stories/${story.id}/comments`)).body);
    expect(asBob.comments.map((c) => [c.text, c.permissions.delete])).toEqual([['first', true], ['second', false]]);
    expect(asBob.commentsCount).toBe(2);
    const asAuthor = commentPageSchema.parse((await api.ada.client.get(`/api/stories/${story.id}/comments`)).body);
    expect(asAuthor.comments.map((c) => c.permissions.delete)).toEqual([true, true]);
    const asGuest = commentPageSchema.parse((await api.server.client().get(`/api/stories/${story.id}/comments`)).body);
    expect(asGuest.comments.map((c) => c.permissions.delete)).toEqual([false, false]);
  });

  it('refuses blank, over-long and anonymous comments', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const blank = await api.bob.client.post<ErrorBody>(`/api/stories/${story.id}/comments`, { text: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toContain('Please write a comment first.');
    const long = await api.bob.client.post<ErrorBody>(`/api/stories/${story.id}/comments`, { text: 'x'.repeat(1_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('1,000 characters');
    expect((await api.bob.client.post(`/api/stories/${story.id}/comments`, { text: 'x'.repeat(1_000) })).status).toBe(201);
    expect((await api.server.client().post(`/api/stories/${story.id}/comments`, { text: 'hi' })).status).toBe(401);
  });

  it('keeps comments off private stories: 404 for others, 403 for the author', async () => {
    const story = await postStory(api.ada.client, { public: false });
    const other = await api.bob.client.post<ErrorBody>(`/api/stories/${story.id}/comments`, { text: 'hello' });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Story not found');
    expect((await api.bob.client.get(`/api/stories/${story.id}/comments`)).status).toBe(404);
    const own = await api.ada.client.post<ErrorBody>(`/api/stories/${story.id}/comments`, { text: 'note to self' });
    expect(own.status).toBe(403);
    expect(await storedComments(story.id)).toBe(0);
  });

  it('lets authors delete their own comments and story owners delete any on their story', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const post = async (who: SignedUp, text: string) =>
      commentCreatedSchema.parse((await who.client.post(`/api/stories/${story.id}/comments`, { text })).body).comment.id;
    const bobs = await post(api.bob, 'from bob');
    const cys = await post(api.cy, 'from cy');
    const adas = await post(api.ada, 'from the author');

    const notYours = await api.bob.client.delete<ErrorBody>(`/api/stories/${story.id}/comments/${cys}`);
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.message).toBe('You can delete only your own comments.');
    expect((await api.cy.client.delete(`/api/stories/${story.id}/comments/${adas}`)).status).toBe(403);

    const own = await api.bob.client.delete<{ commentsCount: number }>(`/api/stories/${story.id}/comments/${bobs}`);
    expect(own.status).toBe(200);
    expect(own.body.commentsCount).toBe(2);
    const byOwner = await api.ada.client.delete<{ commentsCount: number }>(`/api/stories/${story.id}/comments/${cys}`);
    expect(byOwner.body.commentsCount).toBe(1);
    expect((await api.ada.client.delete(`/api/stories/${story.id}/comments/${cys}`)).status).toBe(404);
    expect((await api.ada.client.delete(`/api/stories/${story.id}/comments/nope..nope`)).status).toBe(404);
    expect(await commentsCount(story.id)).toBe(await storedComments(story.id));
  });

  it('does not find a comment through another story', async () => {
    const mine = await postStory(api.ada.client, { public: true });
    const theirs = await postStory(api.bob.client, { public: true });
    const id = commentCreatedSchema.parse((await api.cy.client.post(`/api/stories/${theirs.id}/comments`, { text: 'hi' })).body).comment.id;
    expect((await api.ada.client.delete(`/api/stories/${mine.id}/comments/${id}`)).status).toBe(404);
    expect(await storedComments(theirs.id)).toBe(1);
  });

  it('keeps commentsCount exact under concurrent posts and deletes', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const readers = await Promise.all(Array.from({ length: 8 }, () => signUp(api.server)));
    const posted = await Promise.all(
      readers.flatMap((r) => Array.from({ length: 4 }, (_, i) => r.client.post(`/api/stories/${story.id}/comments`, { text: `c${i}` }))),
    );
    expect(posted.map((p) => p.status).filter((s) => s !== 201)).toEqual([]);
    const ids = posted.map((p) => commentCreatedSchema.parse(p.body).comment.id);
    // The author deletes every other comment while readers delete theirs, twice over, all at once.
    await Promise.all([
      ...ids.filter((_, i) => i % 2 === 0).flatMap((id) => [api.ada.client.delete(`/api/stories/${story.id}/comments/${id}`), api.ada.client.delete(`/api/stories/${story.id}/comments/${id}`)]),
      ...readers.map((r, i) => r.client.delete(`/api/stories/${story.id}/comments/${ids[i * 4 + 1]}`)),
    ]);
    const stored = await storedComments(story.id);
    expect(stored).toBe(32 - 16 - 8);
    expect(await commentsCount(story.id)).toBe(stored);
  });

  it('limits a reader to ten comments a minute', async () => {
    const story = await postStory(api.ada.client, { public: true });
    const eager = await signUp(api.server);
    for (let i = 0; i < 10; i++) expect((await eager.client.post(`/api/stories/${story.id}/comments`, { text: `${i}` })).status).toBe(201);
    const limited = await eager.client.post<ErrorBody>(`/api/stories/${story.id}/comments`, { text: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});
