import { describe, expect, it } from 'vitest';
import { userBadgesResponseSchema } from '@common/badges/badges';
import { publicProfileResponseSchema } from '@common/profile/profile';
import { feedNewCountSchema } from '@common/follows/follows';
import type { Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import { ageAccount, enter, moveContest, newContest, postDrabble, readContest, windowsFor } from './test-support';
import { block, feedPage, follow } from '../feed/test-support';
import { countNewer } from '../feed/service';
import { revealDueContests } from './reveal';

/*
 * What an entry does to its writer's other surfaces while the contest runs: nothing anyone can
 * see ties an unrevealed entry to its writer (a feed count, a block, a streak, a badge), and an
 * entry that leaves the contest goes back to being private rather than appearing under its
 * writer's name.
 */
describe.each(testDialects())('contest entrants on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '10000' }, people: { admin: { admin: true, name: 'The Owner' } } });

  async function writer(name: string): Promise<SignedUp> {
    const who = await signUp(api.server, { name });
    await ageAccount(api.server, who);
    return who;
  }

  const community = async () => (await api.server.client().get<{ stories: Array<{ id: string }> }>('/api/stories/community')).body.stories.map((s) => s.id);
  const readAs = (who: SignedUp | null, storyId: string) => (who ? who.client : api.server.client()).get<{ story: Story }>(`/api/stories/${storyId}`);

  it('makes a withdrawn entry, a replaced one and a disqualified one private stories again, on no list', async () => {
    const ada = await writer('Wren Withdrawn');
    const bob = await writer('Bob Looking');
    const id = await newContest(api.admin);
    // Read once, so the shared first page is kept and would show a story that came back public.
    await community();

    const first = await postDrabble(ada, { title: 'Door Draft To Replace' });
    await enter(ada, id, first.id);
    const second = await postDrabble(ada, { title: 'Door Draft To Withdraw' });
    await enter(ada, id, second.id);
    const withdrawn = await ada.client.delete(`/api/contests/${id}/entry`);
    expect(withdrawn.status).toBe(200);
    for (const storyId of [first.id, second.id]) {
      expect((await readAs(bob, storyId)).status).toBe(404);
      expect((await readAs(null, storyId)).status).toBe(404);
      expect((await readAs(ada, storyId)).body.story.public).toBe(false);
      expect(await community()).not.toContain(storyId);
    }
    const profile = await bob.client.get<{ stories: Array<{ id: string }> }>(`/api/users/${ada.uid}/stories`);
    expect(profile.body.stories.map((s) => s.id)).toEqual([]);

    const third = await postDrabble(ada, { title: 'Door Draft Disqualified' });
    await enter(ada, id, third.id);
    await moveContest(api.server, id, windowsFor('voting'));
    expect((await api.admin.client.post(`/api/admin/contests/${id}/entries/${third.id}/disqualify`, { reason: 'Copied.' })).status).toBe(200);
    expect((await readAs(bob, third.id)).status).toBe(404);
    expect((await readAs(ada, third.id)).body.story.public).toBe(false);
    expect(await community()).not.toContain(third.id);

    // The reveal leaves them as they are: private.
    await moveContest(api.server, id, windowsFor('closed'));
    await revealDueContests(api.server.ctx, new Date());
    for (const storyId of [first.id, second.id, third.id]) expect((await readAs(bob, storyId)).status).toBe(404);
  });

  it('moves no follower’s feed or its new-stories count when a followed writer enters', async () => {
    const ada = await writer('Ada Followed');
    const reader = await writer('Fern Follower');
    await follow(api.server, reader.uid, ada.uid);
    await postDrabble(ada, { public: true });
    const page = await feedPage(reader.client);
    const count = async (after: string | null) => {
      const res = await reader.client.get(`/api/feed/new-count${after ? `?after=${after}` : ''}`);
      expect(res.status).toBe(200);
      return feedNewCountSchema.parse(res.body).count;
    };
    expect(await count(page.newestCursor)).toBe(0);
    const id = await newContest(api.admin);
    const entry = await postDrabble(ada, { contestId: id });
    await enter(ada, id, entry.id);
    // A story entered that was public before leaves the count too.
    const before = await postDrabble(ada, { public: true });
    expect(await count(page.newestCursor)).toBe(1);
    const rival = await writer('Ada Rival');
    await enter(rival, id, (await postDrabble(rival)).id);
    await enter(ada, id, before.id);
    const viewer = { uid: reader.uid, admin: false };
    for (const strategy of ['join', 'scan'] as const) {
      expect(await countNewer(api.server.ctx, viewer, page.newestCursor ?? undefined, strategy)).toBe(0);
    }
    expect(await count(page.newestCursor)).toBe(0);
    expect((await feedPage(reader.client)).stories.map((s) => s.id)).not.toContain(before.id);
  });

  it('answers a reader the entrant blocked as it answers anyone, until the reveal', async () => {
    const ada = await writer('Ada Blocking');
    const blocked = await writer('Bea Blocked');
    const other = await writer('Cy Other');
    await block(api.server, ada.uid, blocked.uid);
    const id = await newContest(api.admin);
    const entry = await postDrabble(ada);
    await enter(ada, id, entry.id);
    const [asBlocked, asOther] = [await readAs(blocked, entry.id), await readAs(other, entry.id)];
    expect(asBlocked.status).toBe(200);
    expect(asBlocked.body).toEqual(asOther.body);
    expect((await blocked.client.post(`/api/stories/${entry.id}/view`)).status).toBe(200);
    expect((await readContest(blocked, id)).entries.map((e) => e.storyId)).toEqual([entry.id]);
    await moveContest(api.server, id, windowsFor('voting'));
    expect((await blocked.client.send('PUT', `/api/contests/${id}/votes/${entry.id}`)).status).toBe(200);
    // Once the results name the writer, the block stands again.
    await moveContest(api.server, id, windowsFor('closed'));
    await revealDueContests(api.server.ctx, new Date());
    expect((await readAs(blocked, entry.id)).status).toBe(404);
    expect((await readAs(other, entry.id)).status).toBe(200);
  });

  it('moves the writer’s streak and badges with an entry only at the reveal', async () => {
    const ada = await writer('Ada Streaking');
    const id = await newContest(api.admin);
    const seen = async () => {
      const profile = publicProfileResponseSchema.parse((await api.server.client().get(`/api/users/${ada.uid}`)).body);
      const badges = userBadgesResponseSchema.parse((await api.server.client().get(`/api/users/${ada.uid}/badges`)).body);
      return { streak: profile.stats.streak, bestStreak: profile.stats.bestStreak, badges: badges.badges.map((b) => b.id).sort() };
    };
    expect(await seen()).toEqual({ streak: 0, bestStreak: 0, badges: [] });
    // Written for the contest (the editor says so), entered, then edited: nothing moves.
    const entry = await postDrabble(ada, { contestId: id });
    await enter(ada, id, entry.id);
    expect((await ada.client.patch(`/api/stories/${entry.id}`, { title: 'Edited while anonymous' })).status).toBe(200);
    expect(await seen()).toEqual({ streak: 0, bestStreak: 0, badges: [] });
    expect(await api.server.ctx.db.selectFrom('writingDays').select('day').where('uid', '=', ada.uid).execute()).toEqual([]);

    await moveContest(api.server, id, windowsFor('closed'));
    await revealDueContests(api.server.ctx, new Date());
    const after = await seen();
    expect([after.streak, after.bestStreak]).toEqual([1, 1]);
    expect(after.badges).toEqual(expect.arrayContaining(['first_story', 'first_perfect_drabble']));
    const days = await api.server.ctx.db.selectFrom('writingDays').select(['words']).where('uid', '=', ada.uid).execute();
    expect(days.map((d) => Number(d.words))).toEqual([100]);
  });

  it('gives each entry its content warnings, and says which ones the reader chose never to see', async () => {
    const ada = await writer('Ada Warned');
    const reader = await writer('Rue Filtering');
    const id = await newContest(api.admin);
    const warned = await postDrabble(ada, { contentWarnings: ['violence'], contentWarningNote: 'A fight in a lighthouse' });
    await enter(ada, id, warned.id);
    expect((await reader.client.send('PUT', '/api/me/reading-preferences', { hiddenWarnings: ['violence'], alwaysShowText: false })).status).toBe(200);
    const shown = (page: Awaited<ReturnType<typeof readContest>>) => page.entries.map((e) => [e.contentWarnings, e.contentWarningNote, e.filtered]);
    expect(shown(await readContest(reader, id))).toEqual([[['violence'], 'A fight in a lighthouse', true]]);
    expect(shown(await readContest({ client: api.server.client() }, id))).toEqual([[['violence'], 'A fight in a lighthouse', false]]);
    expect(shown(await readContest(ada, id))).toEqual([[['violence'], 'A fight in a lighthouse', false]]);
  });
});
