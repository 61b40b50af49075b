import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storyPageSchema, type Story } from '@common/stories/story';
import { testDialects } from '../test/databases';
import { TestClient } from '../test/client';
import { ADMIN_EMAIL, signUp, signUpVerified, startTwoInstances, type SignedUp, type TestServer } from '../test/server';
import { postStory } from '../features/stories/test-support';
import { blockThroughApi } from '../features/blocks/test-support';
import { apiChainHeaders } from '../app';
import type { EarlyAnswerer } from './early-answers';
import { guestPageAnswer, readerPageAnswer } from '../features/stories/community-page';
import { splitSignedToken } from '../auth/session-cache';

/** A cookie trusted for much longer than any test: only catching up can stop instance two from honouring it. */
const SESSION_WINDOW_MS = 60_000;
/**
 * Rounds of each change. A round tests something only when instance two still held its answer
 * in memory after the change was answered: on SQLite it always does (it hears nothing of one's
 * commits) unless the page's second ran out first; on PostgreSQL the change's event may have
 * arrived before the answer, and then two had nothing stale left to show.
 */
const ROUNDS = 3;

const COMMUNITY = '/api/stories/community';
const gzipRequest = (cookie?: string) =>
  ({ method: 'GET', url: COMMUNITY, headers: { 'accept-encoding': 'gzip, deflate', ...(cookie ? { cookie } : {}) } }) as unknown as IncomingMessage;

async function storyIds(client: TestClient): Promise<string[]> {
  const res = await client.get(COMMUNITY);
  expect(res.status).toBe(200);
  return storyPageSchema.parse(res.body).stories.map((story) => story.id);
}

/**
 * What a change on one instance does to the answers another instance keeps in memory: the shared
 * community page (a guest's and a signed-in reader's, answered ahead of the app), the sessions it
 * trusts and the users rows it keeps. Once the change is answered, no instance shows what it hid.
 * On SQLite the second instance hears nothing of the first's commits, as the server hears nothing
 * of the command line's: only what it reads from the database can tell it.
 */
describe.each(testDialects())('kept answers on another instance, after a change is answered, on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let stop: () => Promise<void>;
  let owner: SignedUp;
  let guestAnswer: EarlyAnswerer;
  let readerAnswer: EarlyAnswerer;

  beforeAll(async () => {
    ({ one, two, stop } = await startTwoInstances(dialect, { SESSION_CACHE_MS: String(SESSION_WINDOW_MS), SIGNUP_RATE_LIMIT: '1000' }));
    owner = await signUpVerified(one, { email: ADMIN_EMAIL, name: 'The Owner' });
    // A page over a kilobyte is kept gzipped, and only a gzipped page is answered ahead of the app.
    const earlier = await signUp(one);
    for (let i = 0; i < 3; i++) await postStory(earlier.client, { public: true });
    guestAnswer = guestPageAnswer(two.ctx, apiChainHeaders(two.ctx));
    readerAnswer = readerPageAnswer(two.ctx, apiChainHeaders(two.ctx));
  });
  afterAll(() => stop());

  /** The same browser session on instance two. */
  const onTwo = (person: SignedUp) => new TestClient(two.url).adopt(person.client);

  /**
   * Each round: a writer posts a public story on one; two is read until it keeps the page with
   * that story first, for a guest and for a reader; `change` is made on one; and if two still
   * holds the page in memory for those it hides the story from once the change was answered,
   * they read it on two, and the story must be gone. Everyone is new each round: a reader who
   * blocks or is blocked is never answered from memory again, and a writer is suspended once.
   */
  async function hiddenOnTwo(hiddenFrom: 'everyone' | 'the reader', change: (writer: SignedUp, reader: SignedUp, story: Story) => Promise<void>): Promise<void> {
    let tested = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [writer, reader] = [await signUp(one), await signUp(one)];
      const readerOnTwo = onTwo(reader);
      const guestHeld = () => guestAnswer(gzipRequest()) !== null;
      const readerHeld = () => readerAnswer(gzipRequest(readerOnTwo.cookieHeader)) !== null;
      const held = () => readerHeld() && (hiddenFrom === 'the reader' || guestHeld());
      const story = await postStory(writer.client, { public: true });
      // Two shows another instance's new story within its page's second: read until it does, from memory.
      await vi.waitFor(
        async () => {
          expect([(await storyIds(two.client()))[0], (await storyIds(readerOnTwo))[0]]).toEqual([story.id, story.id]);
          expect([guestHeld(), readerHeld()]).toEqual([true, true]);
        },
        { timeout: 10_000, interval: 20 },
      );
      await change(writer, reader, story);
      if (!held()) continue;
      tested++;
      if (hiddenFrom === 'everyone') expect(await storyIds(two.client()), 'a guest on instance two').not.toContain(story.id);
      expect(await storyIds(readerOnTwo), 'the reader on instance two').not.toContain(story.id);
    }
    if (dialect === 'sqlite') expect(tested, 'rounds in which two held the page across the change').toBeGreaterThan(0);
  }

  it('lists a story made private on one instance nowhere once the owner has their answer', async () => {
    await hiddenOnTwo('everyone', async (writer, _, story) => {
      expect((await writer.client.patch(`/api/stories/${story.id}/visibility`, { public: false })).status).toBe(200);
    });
  });

  it('lists a story made private by an edit nowhere once the owner has their answer', async () => {
    await hiddenOnTwo('everyone', async (writer, _, story) => {
      expect((await writer.client.patch(`/api/stories/${story.id}`, { public: false })).status).toBe(200);
    });
  });

  it('lists a deleted story nowhere once the owner has their answer', async () => {
    await hiddenOnTwo('everyone', async (writer, _, story) => {
      expect((await writer.client.delete(`/api/stories/${story.id}`)).status).toBe(204);
    });
  });

  it('lists a suspended writer’s stories nowhere once the admin has their answer', async () => {
    await hiddenOnTwo('everyone', async (writer) => {
      const res = await owner.client.post(`/api/admin/users/${writer.uid}/actions`, { action: 'suspend', reason: 'For the test' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });

  it('gives a reader whom a writer blocked that writer’s stories nowhere once the block is answered', async () => {
    await hiddenOnTwo('the reader', (writer, reader) => blockThroughApi(writer.client, reader.uid).then(() => {}));
  });

  it('gives a reader who blocked a writer that writer’s stories nowhere once the block is answered', async () => {
    await hiddenOnTwo('the reader', (writer, reader) => blockThroughApi(reader.client, writer.uid).then(() => {}));
  });

  it('refuses a signed-out cookie on every instance once the sign-out is answered', async () => {
    const person = await signUp(one);
    const onTwoAfter = onTwo(person);
    expect((await onTwoAfter.get('/api/me')).status).toBe(200);
    expect((await onTwoAfter.get('/api/me')).status).toBe(200);
    const name = (await two.ctx.auth.$context).authCookies.sessionToken.name;
    const signed = decodeURIComponent(onTwoAfter.cookieHeader.split('; ').find((pair) => pair.startsWith(`${name}=`))!.slice(name.length + 1));
    expect(splitSignedToken(signed)).not.toBeNull();

    expect((await person.client.post('/api/auth/sign-out', {})).status).toBe(200);
    // Two trusts the cookie for a minute yet (its cache has heard nothing): only the database can tell it.
    const stillTrusted = two.ctx.auth.sessionCache.get(signed) !== null;
    const [me, stories] = [await onTwoAfter.get('/api/me'), await onTwoAfter.get('/api/stories/mine')];
    expect(me.status).toBe(401);
    expect(stories.status).toBe(401);
    // The round tested the kept session unless two had heard of the sign-out before it was answered.
    if (dialect === 'sqlite') expect(stillTrusted).toBe(true);
  });
});
