import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteStory } from '@common/federation/federation';
import { testDialects } from '../../test/databases';
import { ADMIN_EMAIL, signUpVerified, startTestServer, startTestServerOn, type SignedUp, type TestServer } from '../../test/server';
import { postStory } from '../stories/test-support';
import { FEDERATING, eventually, handleOf, hostOf } from './test-support';
import { INBOX_LIMIT, claimedServer } from './service';
import { commentPageSchema, type Comment } from '@common/stories/story';
import { fileReport, readCase } from '../moderation/test-support';
import { replyNote } from './notes';
import { findSentReply } from './queries';
import { federationOf } from './of-context';

describe('the server an inbox request names', () => {
  it('is the host of its signature key, in either signature scheme, or none', () => {
    expect(claimedServer(new Headers({ signature: 'keyId="https://Masto.Example/users/a#main-key",algorithm="rsa-sha256"' }))).toBe('masto.example');
    expect(claimedServer(new Headers({ 'signature-input': 'sig1=("@method");keyid="https://b.example:8443/users/a#key";alg="rsa-v1_5-sha256"' }))).toBe('b.example:8443');
    expect(claimedServer(new Headers())).toBeNull();
    expect(claimedServer(new Headers({ signature: 'keyId="not a url"' }))).toBeNull();
  });
});

/**
 * Two Drabble instances federating over loopback: A's writer, B's reader. B plays the part a
 * Mastodon server plays for A (its actors sign what they send with their own keys), and A the
 * part any server plays for B.
 */
describe.each(testDialects())('federation between two instances on %s', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  let writer: SignedUp;
  let reader: SignedUp;
  let writerAddress: string;

  const readerStories = async () => (await reader.client.get<{ stories: RemoteStory[] }>('/api/federation/stories')).body.stories;

  beforeAll(async () => {
    [a, b] = await Promise.all([startTestServer(dialect, FEDERATING), startTestServer(dialect, FEDERATING)]);
    writer = await signUpVerified(a, { name: 'Ada Writer' });
    reader = await signUpVerified(b, { name: 'Rhea Reader' });
    writerAddress = await handleOf(a, writer);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('answers WebFinger, NodeInfo and the actor with its keys', async () => {
    const [, handle] = /^@([^@]+)@/.exec(writerAddress)!;
    const finger = await fetch(`${a.url}/.well-known/webfinger?resource=acct:${handle}@${hostOf(a)}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { subject: string; links: { rel: string; type?: string; href?: string }[] };
    const self = jrd.links.find((l) => l.rel === 'self' && l.type === 'application/activity+json');
    expect(self?.href).toBe(`${a.config.publicUrl}/ap/users/${writer.uid}`);

    const actor = (await (await fetch(self!.href!, { headers: { accept: 'application/activity+json' } })).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({ type: 'Person', preferredUsername: handle, name: 'Ada Writer', url: `${a.config.publicUrl}/@${handle}` });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(actor.assertionMethod).toBeTruthy();
    expect(actor.endpoints).toMatchObject({ sharedInbox: `${a.config.publicUrl}/ap/inbox` });

    const nodeinfoLinks = (await (await fetch(`${a.url}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    const nodeinfo = (await (await fetch(nodeinfoLinks.links[0]!.href)).json()) as { software: { name: string }; protocols: string[]; usage: { users: { total: number } } };
    expect(nodeinfo.software.name).toBe('drabble');
    expect(nodeinfo.protocols).toEqual(['activitypub']);
    expect(nodeinfo.usage.users.total).toBeGreaterThanOrEqual(1);

    const unknown = await fetch(`${a.url}/.well-known/webfinger?resource=acct:nobody_here@${hostOf(a)}`);
    expect(unknown.status).toBe(404);
  });

  it('delivers a public story to a follower on the other instance, then its edit and its deletion', async () => {
    const follow = await reader.client.post<{ following: { handle: string; state: string }[] }>('/api/federation/following', { handle: writerAddress });
    expect(follow.status, JSON.stringify(follow.body)).toBe(200);
    await eventually(
      async () => (await reader.client.get<{ following: { state: string }[] }>('/api/federation/following')).body.following,
      (list) => list[0]?.state === 'accepted',
      'the follow to be accepted',
    );
    const followers = await writer.client.get<{ followers: { handle: string; domain: string }[] }>('/api/federation/followers');
    expect(followers.body.followers).toEqual([expect.objectContaining({ handle: expect.stringMatching(/^@[a-z0-9_]+@/), domain: 'localhost' })]);

    await postStory(writer.client, { title: 'Kept in a drawer', content: 'Secret words stay at home.', public: false });
    const story = await postStory(writer.client, {
      title: 'The lighthouse keeper',
      content: 'Every night she lit the lamp.\n\nNo ship came.',
      public: true,
      contentWarnings: ['death'],
    });
    const arrived = await eventually(readerStories, (list) => list.length > 0, 'the story to arrive');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.content).toContain('<strong>The lighthouse keeper</strong>');
    expect(arrived[0]!.content).toContain('Every night she lit the lamp.');
    expect(arrived[0]!.url).toBe(`${a.config.publicUrl}/story/${story.id}`);
    expect(arrived[0]!.sensitive).toBe(true);
    expect(arrived[0]!.summary).toMatch(/Death/);

    const edited = await writer.client.patch(`/api/stories/${story.id}`, { content: 'Every night she lit the lamp. One night a ship came.' });
    expect(edited.status).toBe(200);
    await eventually(readerStories, (list) => list[0]?.content.includes('One night a ship came.') === true, 'the edit to arrive');

    const removed = await writer.client.delete(`/api/stories/${story.id}`);
    expect(removed.status).toBe(204);
    await eventually(readerStories, (list) => list.length === 0, 'the deletion to arrive');
  });

  it('tells followers elsewhere of a new display name', async () => {
    const renamed = await writer.client.patch('/api/account/name', { displayName: 'Ada Renamed' });
    expect(renamed.status).toBe(200);
    await eventually(
      async () => (await reader.client.get<{ following: { name: string }[] }>('/api/federation/following')).body.following.map((f) => f.name),
      (names) => names.includes('Ada Renamed'),
      'the new name to reach the other server',
    );
  });

  it('takes a story back when it is made private, and never sends one while sharing is off', async () => {
    const story = await postStory(writer.client, { title: 'Brief candle', content: 'Out, out.', public: true });
    await eventually(readerStories, (list) => list.some((s) => s.url?.endsWith(story.id)), 'the story to arrive');
    const hidden = await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: false });
    expect(hidden.status).toBe(200);
    await eventually(readerStories, (list) => !list.some((s) => s.url?.endsWith(story.id)), 'the story to be taken back');

    const off = await writer.client.patch('/api/federation/settings', { federate: false });
    expect(off.body).toMatchObject({ federate: false });
    const quiet = await postStory(writer.client, { title: 'Not for export', content: 'Only here.', public: true });
    await federationOf(a.ctx)!.stories.run();
    const actor = await fetch(`${a.url}/ap/users/${writer.uid}`, { headers: { accept: 'application/activity+json' } });
    expect(actor.status).toBe(404);
    expect(await a.ctx.db.selectFrom('federatedStories').select('storyId').where('storyId', '=', quiet.id).execute()).toEqual([]);
    await writer.client.patch('/api/federation/settings', { federate: true });
    await eventually(readerStories, (list) => list.some((s) => s.url?.endsWith(quiet.id)), 'the story to go out once sharing is back on');
  });

  it('refuses unsigned and tampered activities and changes nothing', async () => {
    const before = await a.ctx.db.selectFrom('remoteFollowers').selectAll().execute();
    const activity = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${b.config.publicUrl}/ap/users/${reader.uid}#follow-forged`,
      type: 'Follow',
      actor: `${b.config.publicUrl}/ap/users/${reader.uid}`,
      object: `${a.config.publicUrl}/ap/users/${writer.uid}`,
    };
    const unsigned = await fetch(`${a.url}/ap/users/${writer.uid}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(activity),
    });
    expect(unsigned.status).toBe(401);

    // Signed by the reader's real key on B, then the body changed on the way.
    const { signRequest } = await import('@fedify/fedify');
    const keys = await federationOf(b.ctx)!.fed.context().getActorKeyPairs(reader.uid);
    const signed = await signRequest(
      new Request(`${a.url}/ap/users/${writer.uid}/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body: JSON.stringify(activity) }),
      keys[0]!.privateKey,
      keys[0]!.keyId,
    );
    const tampered = await fetch(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ ...activity, id: `${activity.id}-changed` }),
    });
    expect([401, 403]).toContain(tampered.status);
    expect(await a.ctx.db.selectFrom('remoteFollowers').selectAll().execute()).toEqual(before);
  });

  it('counts likes and boosts from the other server apart from members’ reactions, once each, until undone', async () => {
    const story = await postStory(writer.client, { title: 'Tide table', content: 'High at six.', public: true });
    const fed = federationOf(b.ctx)!.fed.context();
    const { Like, Announce, Undo, isActor } = await import('@fedify/vocab');
    const me = fed.getActorUri(reader.uid);
    const writerActor = await fed.lookupObject(`${a.config.publicUrl}/ap/users/${writer.uid}`);
    if (!isActor(writerActor)) throw new Error('the writer’s actor did not load');
    const note = new URL(`${a.config.publicUrl}/ap/stories/${story.id}`);
    const like = new Like({ id: new URL(`${me.href}#like-${story.id}`), actor: me, object: note });
    const counts = async () => (await a.client().get<{ likes: number; boosts: number }>(`/api/federation/stories/${story.id}/reactions`)).body;
    await fed.sendActivity({ identifier: reader.uid }, writerActor, like, { immediate: true });
    await fed.sendActivity({ identifier: reader.uid }, writerActor, like, { immediate: true });
    await fed.sendActivity({ identifier: reader.uid }, writerActor, new Announce({ id: new URL(`${me.href}#boost-${story.id}`), actor: me, object: note }), { immediate: true });
    // The receiving server answers at once and handles the activity from its queue.
    await eventually(counts, (c) => c.likes === 1 && c.boosts === 1, 'the like and the boost to be counted');
    expect(await counts()).toEqual({ likes: 1, boosts: 1 });
    expect((await writer.client.get<{ story: { likesCount: number } }>(`/api/stories/${story.id}`)).body.story.likesCount).toBe(0);
    await fed.sendActivity({ identifier: reader.uid }, writerActor, new Undo({ id: new URL(`${me.href}#undo-like-${story.id}`), actor: me, object: like }), { immediate: true });
    await eventually(counts, (c) => c.likes === 0, 'the like to be taken back');
    expect(await counts()).toEqual({ likes: 0, boosts: 1 });
    // A private story's counts are nobody's business but its writer's.
    await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: false });
    expect((await a.client().get(`/api/federation/stories/${story.id}/reactions`)).status).toBe(404);
  });

  it('limits what one server may post to the inboxes, exactly, under a burst', async () => {
    const { signRequest } = await import('@fedify/fedify');
    const keys = await federationOf(b.ctx)!.fed.context().getActorKeyPairs(reader.uid);
    const inbox = `${a.url}/ap/inbox`;
    const post = async (i: number) => {
      const body = JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${b.config.publicUrl}/ap/users/${reader.uid}#like-burst-${i}`,
        type: 'Like',
        actor: `${b.config.publicUrl}/ap/users/${reader.uid}`,
        object: `${a.config.publicUrl}/ap/stories/nothing-${i}`,
      });
      const signed = await signRequest(new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }), keys[0]!.privateKey, keys[0]!.keyId);
      return (await fetch(signed.url, { method: 'POST', headers: signed.headers, body })).status;
    };
    const key = `fed-inbox:${new URL(b.config.publicUrl).host}`;
    // As if B had sent all but ten of its minute's activities already.
    await a.ctx.db.deleteFrom('rateLimits').where('key', '=', key).execute();
    await a.ctx.db.insertInto('rateLimits').values({ key, count: INBOX_LIMIT.max - 10, resetAt: Date.now() + 60_000 }).execute();
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i)));
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 429).every((s) => s >= 200 && s < 300)).toBe(true);
    await a.ctx.db.deleteFrom('rateLimits').where('key', '=', key).execute();
  });

  it('keeps a delivery to a server that is down, and makes it once the server is back', async () => {
    const port = Number(new URL(b.config.publicUrl).port);
    await b.close();
    await b.mail.stop();
    {
      const story = await postStory(writer.client, { title: 'While you were out', content: 'The lights went off and on.', public: true });
      // The try fails (nothing listens) and waits in the queue for its retry.
      await eventually(
        async () => (await federationOf(a.ctx)!.fed.queue.getDepth()).delayed ?? 0,
        (delayed) => delayed > 0,
        'the failed delivery to wait for its retry',
      );
      // The same server again, on its own database and address (its stop drops the database).
      b = await startTestServerOn(b.database, FEDERATING, b.database.reopen(), { port });
      // The retry's time comes (30 s after the try): moved forward here, rather than waited for.
      await a.ctx.db.updateTable('fedQueue').set({ runAt: new Date().toISOString() }).execute();
      const arrived = await eventually(readerStories, (list) => list.some((s) => s.url?.endsWith(story.id)), 'the delivery once the server is back');
      expect(arrived.filter((s) => s.url?.endsWith(story.id))).toHaveLength(1);
    }
  });

  it("refuses a follow from a blocked domain with a Reject, and delivers nothing there", async () => {
    const other = await signUpVerified(b, { name: 'Blocked Reader' });
    await a.ctx.db.insertInto('fedDomains').values({ domain: new URL(b.config.publicUrl).hostname, mode: 'block', created_at: new Date().toISOString() }).execute();
    try {
      const follow = await other.client.post('/api/federation/following', { handle: writerAddress });
      expect(follow.status).toBe(200);
      await eventually(
        async () => (await other.client.get<{ following: unknown[] }>('/api/federation/following')).body.following,
        (list) => list.length === 0,
        'the follow to be rejected',
      );
      const followers = await writer.client.get<{ followers: { handle: string }[] }>('/api/federation/followers');
      expect(followers.body.followers.map((f) => f.handle)).not.toContain(expect.stringContaining('blocked'));
    } finally {
      await a.ctx.db.deleteFrom('fedDomains').execute();
    }
  });

  describe('replies from the other server', () => {
    const comments = async (as = a.client()) => commentPageSchema.parse((await as.get(`/api/stories/${storyId}/comments`)).body);
    const count = async () => Number((await a.ctx.db.selectFrom('stories').select('commentsCount').where('id', '=', storyId).executeTakeFirstOrThrow()).commentsCount);
    let storyId = '';
    let postUri = '';

    /** B's reader sends what Mastodon would (signed by the reader's own keys), straight to the writer's server. */
    async function fromReader(make: (note: import('@fedify/vocab').Note, me: URL) => import('@fedify/vocab').Activity, replyId: string) {
      const fed = federationOf(b.ctx)!.fed.context();
      const { isActor } = await import('@fedify/vocab');
      const writerActor = await fed.lookupObject(`${a.config.publicUrl}/ap/users/${writer.uid}`);
      if (!isActor(writerActor)) throw new Error('the writer’s actor did not load');
      const reply = await findSentReply(b.ctx.db, replyId);
      if (!reply) throw new Error('no such reply');
      await fed.sendActivity({ identifier: reader.uid }, writerActor, make(replyNote(fed, reply), fed.getActorUri(reader.uid)), { immediate: true });
    }
    /** Every activity A's inbox took has been handled (its queue holds nothing due, claimed or not). */
    const handledOnA = () =>
      eventually(
        async () => Number((await a.ctx.db.selectFrom('fedQueue').select((eb) => eb.fn.countAll<number | string>().as('n')).where('runAt', '<=', new Date().toISOString()).executeTakeFirstOrThrow()).n),
        (n) => n === 0,
        'A’s queue to be handled',
      );
    const replyTo = async (text: string) => {
      const res = await reader.client.post<{ stories: RemoteStory[] }>('/api/federation/replies', { inReplyTo: postUri, text });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.stories.find((s) => s.id === postUri)!.myReplies.at(-1)!;
    };

    beforeAll(async () => {
      const story = await postStory(writer.client, { title: 'Harbour lights', content: 'The lights went out one by one.', public: true });
      storyId = story.id;
      const arrived = await eventually(readerStories, (list) => list.some((s) => s.url?.endsWith(story.id)), 'the story to arrive');
      postUri = arrived.find((s) => s.url?.endsWith(story.id))!.id;
    });

    it('shows a reader’s reply under the story with its handle, counted and notified; its edit and deletion follow', async () => {
      const sent = await replyTo('What a quiet ending.\n\nI read it twice.');
      const [shown] = await eventually(async () => (await comments()).comments, (list) => list.length === 1, 'the reply to arrive');
      const readerAddress = await handleOf(b, reader);
      expect(shown).toMatchObject({ text: 'What a quiet ending.\n\nI read it twice.', held: false, fediverse: { handle: readerAddress }, authorDisplayName: 'Rhea Reader' });
      expect(shown!.fediverse!.url).toBeNull();
      expect(await count()).toBe(1);
      const notes = await writer.client.get<{ notifications: { type: string; detail: string | null; link: string | null }[] }>('/api/notifications');
      expect(notes.body.notifications[0]).toMatchObject({ type: 'fediverse_reply', link: `/story/${storyId}` });
      expect(notes.body.notifications[0]!.detail).toContain(readerAddress);

      // Its author's edit, then its deletion, from their server.
      await b.ctx.db.updateTable('sentReplies').set({ text: 'What a quiet, quiet ending.' }).where('id', '=', sent.id).execute();
      const { Update, Delete, Tombstone } = await import('@fedify/vocab');
      await fromReader((note, me) => new Update({ id: new URL(`${note.id!.href}#update`), actor: me, object: note }), sent.id);
      await eventually(async () => (await comments()).comments, (list) => list[0]?.text === 'What a quiet, quiet ending.', 'the edit to arrive');
      await fromReader((note, me) => new Delete({ id: new URL(`${note.id!.href}#delete`), actor: me, object: new Tombstone({ id: note.id }) }), sent.id);
      await eventually(async () => (await comments()).comments, (list) => list.length === 0, 'the deletion to arrive');
      expect(await count()).toBe(0);
    });

    it('counts a burst of replies exactly once each, however often each is delivered', async () => {
      const { Create } = await import('@fedify/vocab');
      const sent = await Promise.all(Array.from({ length: 6 }, async (_, i) => {
        const id = `burst${i}${Date.now()}`;
        await b.ctx.db.insertInto('sentReplies').values({ id, uid: reader.uid, inReplyTo: `${a.config.publicUrl}/ap/stories/${storyId}`, actorUri: `${a.config.publicUrl}/ap/users/${writer.uid}`, text: `Burst ${i}`, created_at: new Date().toISOString() }).execute();
        return id;
      }));
      await Promise.all(sent.flatMap((id) => [1, 2].map(() => fromReader((note, me) => new Create({ id: new URL(`${note.id!.href}#create`), actor: me, object: note }), id))));
      await eventually(async () => (await comments()).comments, (list) => list.length === 6, 'the burst to arrive');
      expect(await count()).toBe(6);
      expect((await comments()).commentsCount).toBe(6);
      for (const c of (await comments(writer.client)).comments) expect((await writer.client.delete(`/api/stories/${storyId}/comments/${c.id}`)).status).toBe(200);
      expect(await count()).toBe(0);
    });

    it('holds replies for the writer’s approval when they choose, and takes none when they turn replies off', async () => {
      expect((await writer.client.patch('/api/federation/settings', { replies: 'hold' })).status).toBe(200);
      await replyTo('Held, I hope.');
      const [held] = await eventually(async () => (await comments(writer.client)).comments, (list) => list.length === 1, 'the held reply to arrive');
      expect(held).toMatchObject({ held: true, permissions: { approve: true, delete: true } });
      expect((await comments()).comments).toEqual([]);
      expect(await count()).toBe(0);
      // Nobody else approves it, or even finds it.
      expect((await a.client().post(`/api/stories/${storyId}/comments/${held!.id}/approve`)).status).toBe(401);
      const bystander = await signUpVerified(a, { name: 'Bea Bystander' });
      expect((await bystander.client.post(`/api/stories/${storyId}/comments/${held!.id}/approve`)).status).toBe(403);
      const approved = await writer.client.post<{ comment: Comment; commentsCount: number }>(`/api/stories/${storyId}/comments/${held!.id}/approve`);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body).toMatchObject({ comment: { held: false }, commentsCount: 1 });
      expect((await comments()).comments).toHaveLength(1);
      expect((await writer.client.post(`/api/stories/${storyId}/comments/${held!.id}/approve`)).status).toBe(403);

      expect((await writer.client.patch('/api/federation/settings', { replies: 'off' })).status).toBe(200);
      const before = await a.ctx.db.selectFrom('remoteReplies').select('id').execute();
      const ignored = await replyTo('Nobody will see this.');
      const { Create } = await import('@fedify/vocab');
      // Sent straight to the inbox (not queued), so it has been handled once this returns.
      await fromReader((note, me) => new Create({ id: new URL(`${note.id!.href}#create2`), actor: me, object: note }), ignored.id);
      await handledOnA();
      expect(await a.ctx.db.selectFrom('remoteReplies').select('id').execute()).toEqual(before);
      expect((await writer.client.patch('/api/federation/settings', { replies: 'show' })).status).toBe(200);
    });

    it('lets a member report a reply and an admin remove it, naming its account', async () => {
      const admin = await signUpVerified(a, { email: ADMIN_EMAIL, name: 'Ann Admin' });
      const member = await signUpVerified(a, { name: 'Mo Member' });
      const [reply] = (await comments()).comments;
      const caseId = await fileReport(a, member, 'comment', reply!.id, 'spam', 'Advertising');
      const detail = await readCase(admin, caseId);
      expect(detail.snapshot.authorName).toBe(await handleOf(b, reader));
      const removed = await admin.client.post('/api/admin/removals', { targetType: 'comment', targetId: reply!.id, reason: 'Spam' });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((await comments()).comments).toEqual([]);
      expect(await count()).toBe(0);
    });

    it('lets the writer block an account: it stops following, its replies go, and new ones are not taken', async () => {
      await replyTo('Before the block.');
      await eventually(async () => (await comments()).comments, (list) => list.length === 1, 'the reply to arrive');
      const readerActor = federationOf(b.ctx)!.fed.context().getActorUri(reader.uid).href;
      const blocked = await writer.client.post<{ blocked: { id: string }[] }>('/api/federation/blocks', { id: readerActor });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      expect(blocked.body.blocked.map((x) => x.id)).toEqual([readerActor]);
      expect((await comments()).comments).toEqual([]);
      expect(await count()).toBe(0);
      expect((await writer.client.get<{ followers: unknown[] }>('/api/federation/followers')).body.followers).toEqual([]);
      await eventually(
        async () => (await reader.client.get<{ following: unknown[] }>('/api/federation/following')).body.following,
        (list) => list.length === 0,
        'the Reject to reach the reader’s server',
      );
      // A reply sent anyway is not taken; a new follow is refused.
      const { Create } = await import('@fedify/vocab');
      const id = `after-block-${Date.now()}`;
      await b.ctx.db.insertInto('sentReplies').values({ id, uid: reader.uid, inReplyTo: `${a.config.publicUrl}/ap/stories/${storyId}`, actorUri: `${a.config.publicUrl}/ap/users/${writer.uid}`, text: 'Let me in', created_at: new Date().toISOString() }).execute();
      await fromReader((note, me) => new Create({ id: new URL(`${note.id!.href}#create`), actor: me, object: note }), id);
      await handledOnA();
      expect((await comments()).comments).toEqual([]);
      expect((await reader.client.post('/api/federation/following', { handle: writerAddress })).status).toBe(200);
      await eventually(
        async () => (await reader.client.get<{ following: unknown[] }>('/api/federation/following')).body.following,
        (list) => list.length === 0,
        'the follow to be refused',
      );
      expect((await writer.client.post('/api/federation/blocks/remove', { id: readerActor })).status).toBe(204);
      expect((await writer.client.post('/api/federation/blocks/remove', { id: readerActor })).status).toBe(404);
      expect((await writer.client.post('/api/federation/blocks', { id: 'https://nowhere.example/u/x' })).status).toBe(404);
    });
  });
});
