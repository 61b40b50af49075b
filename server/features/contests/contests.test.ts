import { describe, expect, it } from 'vitest';
import {
  adminContestsSchema,
  CONTEST_TEXTS,
  contestVoteResponseSchema,
  currentContestsSchema,
  defaultContestWindows,
  nextContestMonday,
  pastContestsSchema,
  placeNotice,
  type ContestVoteResponse,
} from '@common/contests/contests';
import type { Story } from '@common/stories/story';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import type { ErrorBody } from '../stories/test-support';
import { ofType } from '../notifications/test-support';
import { ageAccount, enter, moveContest, newContest, postDrabble, readContest, revealClosedContests, windowsFor } from './test-support';
import { contestPage, currentContests } from './service';
import { revealDueContests } from './reveal';

describe.each(testDialects())('the weekly contest on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '10000' }, people: { admin: { admin: true, name: 'The Owner' } } });

  async function writer(name: string): Promise<SignedUp> {
    const who = await signUp(api.server, { name });
    await ageAccount(api.server, who);
    return who;
  }

  const vote = (who: SignedUp, contestId: string, storyId: string) => who.client.send<ContestVoteResponse | ErrorBody>('PUT', `/api/contests/${contestId}/votes/${storyId}`);
  const unvote = (who: SignedUp, contestId: string, storyId: string) => who.client.send<ContestVoteResponse | ErrorBody>('DELETE', `/api/contests/${contestId}/votes/${storyId}`);
  const message = (res: { body: unknown }) => (res.body as ErrorBody).error.message;

  it('turns its phases at the UTC edges of its windows (a fake clock), and reveals once voting closes', async () => {
    // A week far enough ahead that entries are not closed yet when the admin creates it.
    const monday = nextContestMonday(new Date(Date.now() + 14 * 86_400_000));
    const week = defaultContestWindows(monday);
    const id = await newContest(api.admin, week, '');
    const at = (instant: string, shift = 0) => new Date(new Date(instant).getTime() + shift);
    const phaseAt = async (now: Date) => (await contestPage(api.server.ctx, null, id, now)).contest.phase;
    expect(await phaseAt(at(week.entryOpensAt, -1))).toBe('upcoming');
    expect(await phaseAt(at(week.entryOpensAt))).toBe('entry');
    expect(await phaseAt(at(week.entryClosesAt, -1))).toBe('entry');
    expect(await phaseAt(at(week.votingOpensAt))).toBe('voting');
    expect(await phaseAt(at(week.votingClosesAt, -1))).toBe('voting');
    expect((await api.server.ctx.db.selectFrom('contests').select('revealedAt').where('id', '=', id).executeTakeFirstOrThrow()).revealedAt).toBeNull();
    // The prompt left empty is the Monday's daily prompt.
    const page = await contestPage(api.server.ctx, null, id, at(week.entryOpensAt));
    expect(page.contest.promptDay).toBe(monday);
    expect(page.contest.title).toMatch(/^Week of /);
    // /contest lists it while it is not over.
    const current = currentContestsSchema.parse(await currentContests(api.server.ctx, at(week.votingClosesAt, -1)));
    expect(current.contests.map((c) => c.id)).toContain(id);
    expect(await phaseAt(at(week.votingClosesAt))).toBe('closed');
    // A read never writes: the results are pending until the reveal job runs.
    expect((await contestPage(api.server.ctx, null, id, at(week.votingClosesAt))).contest.resultsPending).toBe(true);
    const unrevealed = await api.server.ctx.db.selectFrom('contests').select('revealedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(unrevealed.revealedAt).toBeNull();
    await revealDueContests(api.server.ctx, at(week.votingClosesAt));
    const revealed = await api.server.ctx.db.selectFrom('contests').select('revealedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(revealed.revealedAt).toBe(week.votingClosesAt);
    expect((await contestPage(api.server.ctx, null, id, at(week.votingClosesAt))).contest.resultsPending).toBe(false);
  });

  it('takes one entry per writer, replaced or withdrawn only while entries are open', async () => {
    const ada = await writer('Ada Entrant');
    const bob = await writer('Bob Reader');
    const id = await newContest(api.admin);
    const first = await postDrabble(ada);
    let page = await enter(ada, id, first.id);
    expect(page.myEntry).toEqual({ storyId: first.id, title: first.title });
    expect(page.entries).toHaveLength(1);
    // Entering made the private story public, and anonymous to everyone else.
    const asBob = await bob.client.get<{ story: Story }>(`/api/stories/${first.id}`);
    expect(asBob.body.story).toMatchObject({ public: true, uid: '', authorDisplayName: 'Anonymous entrant', contestId: id });
    // The same story again changes nothing.
    expect((await enter(ada, id, first.id)).entries).toHaveLength(1);

    const second = await postDrabble(ada, { public: true });
    // A public story leaves every list once entered, the shared community page too (read once before, so it is kept).
    const community = async () => ((await api.server.client().get<{ stories: Array<{ id: string }> }>('/api/stories/community')).body.stories).map((s) => s.id);
    expect(await community()).toContain(second.id);
    page = await enter(ada, id, second.id);
    expect(await community()).not.toContain(second.id);
    expect(page.myEntry?.storyId).toBe(second.id);
    const rows = await api.server.ctx.db.selectFrom('contestEntries').select('storyId').where('contestId', '=', id).execute();
    expect(rows).toEqual([{ storyId: second.id }]);
    // The replaced entry went back to private (entrants.test.ts has the rest of that rule).
    expect((await bob.client.get(`/api/stories/${first.id}`)).status).toBe(404);

    // Refusals: not 100 words, not theirs, written before the window, already in another contest.
    const short = await postDrabble(ada, { words: 99 });
    const tooShort = await ada.client.send('PUT', `/api/contests/${id}/entry`, { storyId: short.id });
    expect([tooShort.status, message(tooShort)]).toEqual([400, CONTEST_TEXTS.notPerfect]);
    const bobs = await postDrabble(bob);
    const notTheirs = await ada.client.send('PUT', `/api/contests/${id}/entry`, { storyId: bobs.id });
    expect(notTheirs.status).toBe(404);
    const old = await postDrabble(ada);
    await api.server.ctx.db.updateTable('stories').set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() }).where('id', '=', old.id).execute();
    const early = await ada.client.send('PUT', `/api/contests/${id}/entry`, { storyId: old.id });
    expect([early.status, message(early)]).toEqual([400, CONTEST_TEXTS.outsideWindow]);
    const other = await newContest(api.admin);
    const twice = await ada.client.send('PUT', `/api/contests/${other}/entry`, { storyId: second.id });
    expect([twice.status, message(twice)]).toEqual([409, CONTEST_TEXTS.alreadyEntered]);
    expect((await api.server.client().send('PUT', `/api/contests/${id}/entry`, { storyId: second.id })).status).toBe(401);
    expect((await ada.client.send('PUT', `/api/contests/missingContest000000/entry`, { storyId: second.id })).status).toBe(404);
    expect((await ada.client.send('PUT', `/api/contests/${id}/entry`, { story: second.id })).status).toBe(400);

    // Withdrawn: the story is a private story again.
    const withdrawn = await ada.client.delete<unknown>(`/api/contests/${id}/entry`);
    expect(withdrawn.status).toBe(200);
    expect((await readContest(ada, id)).myEntry).toBeNull();
    expect((await bob.client.get(`/api/stories/${second.id}`)).status).toBe(404);
    const again = await ada.client.delete(`/api/contests/${id}/entry`);
    expect([again.status, message(again)]).toEqual([404, CONTEST_TEXTS.noEntry]);

    // Once entries close, nothing changes any more; before they open, nothing either.
    await enter(ada, id, second.id);
    await moveContest(api.server, id, windowsFor('voting'));
    const late = await ada.client.send('PUT', `/api/contests/${id}/entry`, { storyId: first.id });
    expect([late.status, message(late)]).toEqual([409, CONTEST_TEXTS.entriesClosed]);
    const lateWithdraw = await ada.client.delete(`/api/contests/${id}/entry`);
    expect([lateWithdraw.status, message(lateWithdraw)]).toEqual([409, CONTEST_TEXTS.entriesClosed]);
    const upcoming = await newContest(api.admin, windowsFor('upcoming'));
    const soon = await ada.client.send('PUT', `/api/contests/${upcoming}/entry`, { storyId: first.id });
    expect([soon.status, message(soon)]).toEqual([409, CONTEST_TEXTS.entriesNotOpen]);
  });

  it('refuses accounts younger than seven days, and limited writers, to enter or vote', async () => {
    const fresh = await signUp(api.server, { name: 'New Writer' });
    const limited = await writer('Limited Writer');
    await api.server.ctx.db.updateTable('users').set({ limitedAt: new Date().toISOString() }).where('uid', '=', limited.uid).execute();
    const id = await newContest(api.admin);
    for (const [who, text] of [[fresh, CONTEST_TEXTS.newAccount], [limited, CONTEST_TEXTS.restricted]] as const) {
      const story = await postDrabble(who);
      const res = await who.client.send('PUT', `/api/contests/${id}/entry`, { storyId: story.id });
      expect([res.status, message(res)]).toEqual([403, text]);
      expect((await readContest(who, id)).enterRefusal).toBe(text);
    }
    const ada = await writer('Ada');
    const entry = await postDrabble(ada);
    await enter(ada, id, entry.id);
    await moveContest(api.server, id, windowsFor('voting'));
    for (const [who, text] of [[fresh, CONTEST_TEXTS.newAccount], [limited, CONTEST_TEXTS.restricted]] as const) {
      const res = await vote(who, id, entry.id);
      expect([res.status, message(res)]).toEqual([403, text]);
      expect((await readContest(who, id)).voteRefusal).toBe(text);
    }
    expect(await api.server.ctx.db.selectFrom('contestVotes').select('voterUid').where('contestId', '=', id).execute()).toEqual([]);
  });

  it('gives each reader up to three votes, never for their own entry and never to admins, changeable until voting closes', async () => {
    const entrants = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => writer(`Entrant ${n}`)));
    const reader = await writer('Rhea Reader');
    const id = await newContest(api.admin);
    const entries = await Promise.all(entrants.map(async (who) => (await enter(who, id, (await postDrabble(who)).id)).myEntry!.storyId));
    const early = await vote(reader, id, entries[0]!);
    expect([early.status, message(early)]).toEqual([409, CONTEST_TEXTS.votingNotOpen]);
    await moveContest(api.server, id, windowsFor('voting'));

    const own = await vote(entrants[0]!, id, entries[0]!);
    expect([own.status, message(own)]).toEqual([403, CONTEST_TEXTS.ownEntry]);
    const byAdmin = await vote(api.admin, id, entries[0]!);
    expect([byAdmin.status, message(byAdmin)]).toEqual([403, CONTEST_TEXTS.adminVote]);
    expect((await vote(reader, id, 'missingStory00000000')).status).toBe(404);
    expect((await api.server.client().send('PUT', `/api/contests/${id}/votes/${entries[0]}`)).status).toBe(401);

    for (const storyId of entries.slice(0, 3)) expect((await vote(reader, id, storyId)).status).toBe(200);
    // Voting again for the same entry changes nothing.
    expect(contestVoteResponseSchema.parse((await vote(reader, id, entries[0]!)).body)).toEqual({ voted: entries.slice(0, 3), votesLeft: 0 });
    const fourth = await vote(reader, id, entries[3]!);
    expect([fourth.status, message(fourth)]).toEqual([409, CONTEST_TEXTS.tooManyVotes]);
    // Changed: one taken back, given to another.
    expect(contestVoteResponseSchema.parse((await unvote(reader, id, entries[0]!)).body).votesLeft).toBe(1);
    expect(contestVoteResponseSchema.parse((await vote(reader, id, entries[3]!)).body).voted.sort()).toEqual(entries.slice(1).sort());
    const page = await readContest(reader, id);
    expect(page.votesLeft).toBe(0);
    expect(page.entries.filter((e) => e.voted).map((e) => e.storyId).sort()).toEqual(entries.slice(1).sort());
    // Counts stay hidden until the reveal.
    expect(page.entries.every((e) => e.votes === null && e.author === null && e.place === null)).toBe(true);

    await moveContest(api.server, id, windowsFor('closed'));
    const closed = await unvote(reader, id, entries[1]!);
    expect([closed.status, message(closed)]).toEqual([409, CONTEST_TEXTS.votingClosed]);
  });

  it('counts votes exactly under a burst from many readers at once, never more than three each', async () => {
    const entrants = await Promise.all(Array.from({ length: 5 }, (_, i) => writer(`Burst Entrant ${i}`)));
    const readers = await Promise.all(Array.from({ length: 8 }, (_, i) => writer(`Burst Reader ${i}`)));
    const id = await newContest(api.admin);
    const entries = await Promise.all(entrants.map(async (who) => (await enter(who, id, (await postDrabble(who)).id)).myEntry!.storyId));
    await moveContest(api.server, id, windowsFor('voting'));
    // Every reader votes for every entry twice over, all at once.
    const results = await Promise.all(readers.flatMap((r) => [...entries, ...entries].map((storyId) => vote(r, id, storyId))));
    expect(results.every((r) => r.status === 200 || (r.status === 409 && message(r) === CONTEST_TEXTS.tooManyVotes))).toBe(true);
    const rows = await api.server.ctx.db.selectFrom('contestVotes').select(['voterUid', 'storyId']).where('contestId', '=', id).execute();
    for (const r of readers) expect(rows.filter((v) => v.voterUid === r.uid)).toHaveLength(3);
    expect(rows).toHaveLength(24);

    await moveContest(api.server, id, windowsFor('closed'));
    await revealClosedContests(api.server);
    const results2 = await readContest(readers[0]!, id);
    expect(results2.entries.reduce((sum, e) => sum + (e.votes ?? 0), 0)).toBe(24);
    for (const e of results2.entries) expect(e.votes).toBe(rows.filter((v) => v.storyId === e.storyId).length);
  });

  it('ranks the entries at the reveal with shared places for ties, awards the badges once and tells every entrant', async () => {
    const [a, b, c, d] = await Promise.all(['Ana', 'Ben', 'Cal', 'Dee'].map((n) => writer(`${n} Ranked`)));
    const voters = await Promise.all(['V1', 'V2'].map((n) => writer(`Voter ${n}`)));
    const id = await newContest(api.admin);
    const story = async (who: SignedUp) => (await enter(who, id, (await postDrabble(who)).id)).myEntry!.storyId;
    const [sa, sb, sc, sd] = [await story(a!), await story(b!), await story(c!), await story(d!)];
    // Entered a minute apart (two requests may share a millisecond): within a tie the earlier entry is listed first.
    for (const [i, storyId] of [sa, sb, sc, sd].entries()) {
      await api.server.ctx.db.updateTable('contestEntries').set({ created_at: new Date(Date.now() - (10 - i) * 60_000).toISOString() }).where('storyId', '=', storyId).execute();
    }
    await moveContest(api.server, id, windowsFor('voting'));
    // Ana 2, Ben 2, Cal 1, Dee 0: places 1, 1, 3, 4.
    for (const v of voters) for (const s of [sa, sb]) expect((await vote(v, id, s)).status).toBe(200);
    expect((await vote(voters[0]!, id, sc)).status).toBe(200);
    expect((await vote(d!, id, sc)).status).toBe(200);
    expect((await unvote(voters[0]!, id, sc)).status).toBe(200);
    expect((await vote(a!, id, sd)).status).toBe(200);
    expect((await unvote(a!, id, sd)).status).toBe(200);

    await moveContest(api.server, id, windowsFor('closed'));
    // Many instances and requests at once: one reveal (every entrant hears of it once, below).
    await Promise.all([revealDueContests(api.server.ctx, new Date()), readContest(a!, id), readContest(b!, id), revealDueContests(api.server.ctx, new Date()), api.server.client().get(`/api/contests/current`)]);
    const page = await readContest({ client: api.server.client() }, id);
    expect(page.entries.map((e) => [e.storyId, e.place, e.votes, e.author?.uid])).toEqual([
      [sa, 1, 2, a!.uid],
      [sb, 1, 2, b!.uid],
      [sc, 3, 1, c!.uid],
      [sd, 4, 0, d!.uid],
    ]);
    expect(page.entries[0]!.author?.displayName).toBe('Ana Ranked');
    const badges = await api.server.ctx.db.selectFrom('userBadges').select(['uid', 'badge']).where('badge', 'in', ['contest_winner', 'contest_podium']).where('uid', 'in', [a!.uid, b!.uid, c!.uid, d!.uid]).execute();
    const held = (who: SignedUp) => badges.filter((r) => r.uid === who.uid).map((r) => r.badge).sort();
    expect([held(a!), held(b!), held(c!), held(d!)]).toEqual([['contest_podium', 'contest_winner'], ['contest_podium', 'contest_winner'], ['contest_podium'], []]);
    for (const [who, place] of [[a!, 1], [b!, 1], [c!, 3], [d!, 4]] as const) {
      const notices = await ofType(who.client, 'contest');
      expect(notices.map((n) => n.detail)).toEqual([placeNotice(place, 4)]);
      expect(notices[0]!.link).toBe(`/contests/${id}`);
    }
    expect((await ofType(a!.client, 'badge')).map((n) => n.detail)).toEqual(expect.arrayContaining(['Contest winner', 'Contest podium']));
    // The stories show their authors again; the contest is among the past ones.
    expect((await d!.client.get<{ story: Story }>(`/api/stories/${sa}`)).body.story).toMatchObject({ uid: a!.uid, contestId: null });
    const past = pastContestsSchema.parse((await api.server.client().get('/api/contests')).body);
    expect(past.contests.map((p) => p.id)).toContain(id);
  });

  it('lets admins create, edit before it opens and disqualify with a reason the author is told; no one else', async () => {
    const ada = await writer('Ada Disqualified');
    const reader = await writer('Reader');
    const refused = await ada.client.post('/api/admin/contests', { prompt: 'x', ...windowsFor('entry') });
    expect(refused.status).toBe(403);
    expect((await ada.client.get('/api/admin/contests')).status).toBe(403);
    // One set of windows: two calls a millisecond apart made voting close just after it opened, which is allowed.
    const entryWindows = windowsFor('entry');
    const bad = await api.admin.client.post<ErrorBody>('/api/admin/contests', { prompt: 'x', ...entryWindows, votingClosesAt: entryWindows.votingOpensAt });
    expect([bad.status, bad.body.error.message]).toEqual([400, 'votingClosesAt: Voting must close after it opens.']);

    const upcoming = await newContest(api.admin, windowsFor('upcoming'), 'Before');
    expect((await api.admin.client.patch(`/api/admin/contests/${upcoming}`, { prompt: 'After', ...windowsFor('upcoming') })).status).toBe(200);
    expect((await readContest(ada, upcoming)).contest.prompt).toBe('After');
    await moveContest(api.server, upcoming, windowsFor('entry'));
    const tooLate = await api.admin.client.patch<ErrorBody>(`/api/admin/contests/${upcoming}`, { prompt: 'Again', ...windowsFor('entry') });
    expect([tooLate.status, tooLate.body.error.message]).toEqual([409, CONTEST_TEXTS.alreadyOpen]);

    const entry = (await enter(ada, upcoming, (await postDrabble(ada)).id)).myEntry!.storyId;
    const listed = adminContestsSchema.parse((await api.admin.client.get('/api/admin/contests')).body).contests.find((c) => c.id === upcoming);
    expect(listed?.entries.map((e) => [e.storyId, e.author.uid])).toEqual([[entry, ada.uid]]);
    await moveContest(api.server, upcoming, windowsFor('voting'));
    expect((await vote(reader, upcoming, entry)).status).toBe(200);
    const noReason = await api.admin.client.post(`/api/admin/contests/${upcoming}/entries/${entry}/disqualify`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await ada.client.post(`/api/admin/contests/${upcoming}/entries/${entry}/disqualify`, { reason: 'Mine' })).status).toBe(403);
    expect((await api.admin.client.post(`/api/admin/contests/${upcoming}/entries/${entry}/disqualify`, { reason: 'Copied from a published book.' })).status).toBe(200);
    const page = await readContest(reader, upcoming);
    expect(page.entries).toEqual([]);
    expect(page.votesLeft).toBe(3);
    const notices = await ofType(ada.client, 'moderation');
    expect(notices.map((n) => n.detail)).toEqual(['Your contest entry was disqualified: Copied from a published book.']);
  });
});
