import { describe, expect, it } from 'vitest';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { digestSettingsResponseSchema, isoWeekday, nextDigestSlot, type DigestSettings, type DigestWeekday } from '@common/digest/digest';
import { localDay, zonedInstant } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, signUpVerified, startTwoInstances, type SignedUp } from '../../test/server';
import type { ReceivedMail } from '../../test/smtp';
import { postStory } from '../stories/test-support';
import { block, follow, mute } from '../feed/test-support';
import { moveContest, newContest, windowsFor } from '../contests/test-support';
import { sendDueDigests } from './send';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
const DIGEST_SUBJECT = /^Your week on Drabble/;

describe.each(testDialects())('the weekly digest on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' }, people: { owner: { admin: true } } });

  async function settingsOf(who: SignedUp): Promise<DigestSettings> {
    const res = await who.client.get('/api/me/digest');
    expect(res.status).toBe(200);
    return digestSettingsResponseSchema.parse(res.body).digest;
  }

  /** A day and hour about two days ahead in `zone`: far enough that the first digest's week back covers what the test just wrote. */
  function soon(zone: string, hour = 9): { weekday: DigestWeekday; hour: number; at: Date } {
    const day = localDay(new Date(Date.now() + 2 * DAY), zone);
    return { weekday: isoWeekday(day), hour, at: zonedInstant(day, hour, zone) };
  }

  /** A verified reader in `zone` with the digest on at `soon(zone)`; answers it with when it is due. */
  async function optedIn(zone = 'Europe/Paris') {
    const reader = await signUpVerified(api.server);
    expect((await reader.client.patch('/api/me/timezone', { timezone: zone })).status).toBe(200);
    const when = soon(zone);
    const res = await reader.client.send('PUT', '/api/me/digest', { on: true, weekday: when.weekday, hour: when.hour });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(digestSettingsResponseSchema.parse(res.body).digest).toEqual({ on: true, weekday: when.weekday, hour: when.hour, timezone: zone, nextAt: when.at.toISOString() });
    return { reader, at: when.at };
  }

  const digestsTo = (who: SignedUp) => api.server.mail.messages.filter((m) => m.to.includes(who.email.toLowerCase()) && DIGEST_SUBJECT.test(m.subject));
  const digestMail = (who: SignedUp, timeoutMs?: number): Promise<ReceivedMail> => api.server.mail.waitFor({ to: who.email, subject: DIGEST_SUBJECT }, timeoutMs);
  async function expectNoDigest(who: SignedUp) {
    await expect(digestMail(who, 400)).rejects.toThrow();
  }
  const pass = (at: Date) => sendDueDigests(api.server.ctx, at);

  it('is off by default; switching it on schedules the chosen local day and hour; bad settings are a 400 that changes nothing', async () => {
    const reader = await signUp(api.server);
    expect(await settingsOf(reader)).toEqual({ on: false, weekday: 7, hour: 9, timezone: 'UTC', nextAt: null });
    expect((await reader.client.patch('/api/me/timezone', { timezone: 'America/New_York' })).status).toBe(200);
    const res = await reader.client.send('PUT', '/api/me/digest', { on: true, weekday: 3, hour: 18 });
    expect(res.status).toBe(200);
    const on = await settingsOf(reader);
    const slot = nextDigestSlot(new Date(), 'America/New_York', 3, 18);
    expect(on).toEqual({ on: true, weekday: 3, hour: 18, timezone: 'America/New_York', nextAt: slot.at.toISOString() });
    expect(isoWeekday(localDay(slot.at, 'America/New_York'))).toBe(3);

    for (const bad of [
      { on: true, weekday: 0, hour: 9 },
      { on: true, weekday: 8, hour: 9 },
      { on: true, weekday: 2.5, hour: 9 },
      { on: true, weekday: '2', hour: 9 },
      { on: true, weekday: 2, hour: 24 },
      { on: true, weekday: 2, hour: -1 },
      { on: true, weekday: 2, hour: 7.5 },
      { on: 'yes', weekday: 2, hour: 9 },
      { on: true, weekday: 2 },
      { on: true, weekday: 2, hour: 9, extra: 1 },
      [],
    ]) {
      const refused = await reader.client.send('PUT', '/api/me/digest', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect((refused.body as { error: { code: string } }).error.code).toBeTruthy();
    }
    expect(await settingsOf(reader)).toEqual(on);

    expect((await reader.client.send('PUT', '/api/me/digest', { on: false, weekday: 3, hour: 18 })).status).toBe(200);
    expect(await settingsOf(reader)).toMatchObject({ on: false, weekday: 3, hour: 18, nextAt: null });
    expect((await api.server.client().get('/api/me/digest')).status).toBe(401);
    expect((await api.server.client().send('PUT', '/api/me/digest', { on: true, weekday: 1, hour: 1 })).status).toBe(401);
  });

  it('is not sent when nothing is new (the prompt and a running contest alone are not news), and the week is still used up', async () => {
    const { reader, at } = await optedIn();
    await pass(at);
    await expectNoDigest(reader);
    const weeks = await api.server.ctx.db.selectFrom('weeklyDigestSends').select(['outcome']).where('uid', '=', reader.uid).execute();
    expect(weeks).toEqual([{ outcome: 'nothing_new' }]);
    // Due again a week later.
    expect((await settingsOf(reader)).nextAt).toBe(new Date(at.getTime() + 7 * DAY).toISOString());
  });

  it('holds followed writers’ and followed tags’ new public stories, the prompt and the contest; never what the reader may not read', async () => {
    const { reader, at } = await optedIn();
    const contestId = await newContest(api.owner, windowsFor('entry', at.getTime()), 'A key that opens nothing');
    const friend = await signUp(api.server, { name: 'Fran Friend' });
    const stranger = await signUp(api.server, { name: 'Stan Stranger' });
    const blocked = await signUp(api.server);
    const muted = await signUp(api.server);
    const hidden = await signUp(api.server);
    for (const writer of [friend, blocked, muted, hidden]) await follow(api.server, reader.uid, writer.uid);
    expect((await reader.client.post('/api/tags/harbor-fog/follow')).status).toBe(404);
    const fromFriend = await postStory(friend.client, { public: true, title: 'Lantern Hour' });
    const tagged = await postStory(stranger.client, { public: true, title: 'Fog Horn', tags: ['Harbor Fog'] });
    expect((await reader.client.post('/api/tags/harbor-fog/follow')).status).toBe(200);
    const privateOne = await postStory(friend.client, { public: false, title: 'Secret Drawer' });
    const untagged = await postStory(stranger.client, { public: true, title: 'Nobody Follows This' });
    const fromBlocked = await postStory(blocked.client, { public: true, title: 'Blocked Words' });
    const fromMuted = await postStory(muted.client, { public: true, title: 'Muted Words', tags: ['harbor fog'] });
    const fromHidden = await postStory(hidden.client, { public: true, title: 'Hidden Words' });
    const own = await postStory(reader.client, { public: true, title: 'My Own', tags: ['harbor fog'] });
    await block(api.server, blocked.uid, reader.uid);
    await mute(api.server, reader.uid, muted.uid, null);
    await api.server.ctx.db.updateTable('stories').set({ authorState: AUTHOR_STATE.hidden }).where('uid', '=', hidden.uid).execute();

    // An hour before the chosen local hour: nothing.
    await pass(new Date(at.getTime() - HOUR));
    await expectNoDigest(reader);
    await pass(at);
    const mail = await digestMail(reader);
    expect(mail.subject).toBe('Your week on Drabble: 2 new stories');
    const url = api.server.config.publicUrl;
    for (const story of [fromFriend, tagged]) {
      expect(mail.links).toContain(`${url}/story/${story.id}`);
      expect(mail.html).toContain(story.title);
    }
    expect(mail.text).toContain('"Lantern Hour" by Fran Friend');
    expect(mail.text).toContain('New from writers you follow');
    expect(mail.text).toContain('New in tags you follow');
    for (const story of [privateOne, untagged, fromBlocked, fromMuted, fromHidden, own]) {
      expect(mail.links).not.toContain(`${url}/story/${story.id}`);
      expect(mail.text).not.toContain(story.title);
    }
    expect(mail.text).toContain("Today's prompt:");
    expect(mail.text).toContain('A key that opens nothing');
    expect(mail.links).toContain(`${url}/contests/${contestId}`);
    expect(mail.links).toContain(`${url}/settings#weekly-digest`);
    expect(mail.html).toMatch(/<html/);
    // The contest is over before the next test reads what is running.
    await moveContest(api.server, contestId, windowsFor('closed', Date.now() - 30 * DAY));
    await api.server.ctx.db.updateTable('contests').set({ revealedAt: new Date(Date.now() - 30 * DAY).toISOString() }).where('id', '=', contestId).execute();
  });

  it('counts replies waiting and a contest’s new results as news; the next digest starts where the last one ended', async () => {
    const { reader, at } = await optedIn();
    const commenter = await signUp(api.server);
    const story = await postStory(reader.client, { public: true, title: 'Answered' });
    expect((await commenter.client.post(`/api/stories/${story.id}/comments`, { text: 'This one stayed with me all day' })).status).toBe(201);
    await pass(at);
    const mail = await digestMail(reader);
    expect(mail.subject).toBe('Your week on Drabble: 1 reply waiting');
    expect(mail.text).toContain('Waiting for you: 1 reply to your stories.');
    expect(mail.links).toContain(`${api.server.config.publicUrl}/notifications`);

    // A week on: the comment was read; a contest's results came out since.
    expect((await reader.client.post('/api/notifications/read-all')).status).toBe(200);
    const contestId = await newContest(api.owner, windowsFor('upcoming'), 'Results are in');
    await moveContest(api.server, contestId, windowsFor('closed'));
    await api.server.ctx.db.updateTable('contests').set({ revealedAt: new Date().toISOString() }).where('id', '=', contestId).execute();
    const lastSent = (await api.server.ctx.db.selectFrom('weeklyDigests').select('lastSentAt').where('uid', '=', reader.uid).executeTakeFirstOrThrow()).lastSentAt;
    expect(lastSent).toBe(at.toISOString());
    // Results revealed before the last digest (the clock here is behind `at`) are old news: nothing.
    await pass(new Date(at.getTime() + 7 * DAY));
    await expectNoDigest(reader);
    await api.server.ctx.db.updateTable('contests').set({ revealedAt: new Date(at.getTime() + 8 * DAY).toISOString() }).where('id', '=', contestId).execute();
    await pass(new Date(at.getTime() + 14 * DAY));
    const results = await digestMail(reader);
    expect(results.subject).toBe('Your week on Drabble: contest results');
    expect(results.links).toContain(`${api.server.config.publicUrl}/contests/${contestId}`);
    await api.server.ctx.db.updateTable('contests').set({ revealedAt: new Date(Date.now() - 30 * DAY).toISOString() }).where('id', '=', contestId).execute();
  });

  it('goes out once per reader per week under a burst of passes, and once when the day is moved after it went', async () => {
    const { reader, at } = await optedIn();
    const writer = await signUp(api.server);
    await follow(api.server, reader.uid, writer.uid);
    await postStory(writer.client, { public: true, title: 'Only Once' });
    const sent = await Promise.all(Array.from({ length: 6 }, () => pass(new Date(at.getTime() + 1000))));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    await digestMail(reader);

    // Moved to later this same week (the next day): that week was had.
    await postStory(writer.client, { public: true, title: 'Still Once' });
    const weekday = isoWeekday(localDay(at, 'Europe/Paris'));
    if (weekday < 7) {
      const res = await reader.client.send('PUT', '/api/me/digest', { on: true, weekday: weekday + 1, hour: 9 });
      expect(res.status).toBe(200);
      const next = digestSettingsResponseSchema.parse(res.body).digest.nextAt!;
      await pass(new Date(Date.parse(next) + 1000));
      if (Date.parse(next) < at.getTime() + DAY + HOUR) await expectNoDigest(reader);
    }
    expect(digestsTo(reader)).toHaveLength(1);
  });

  it('carries List-Unsubscribe and One-Click headers; the one-click POST switches it off without a session, a bad token changes nothing', async () => {
    const { reader, at } = await optedIn();
    const writer = await signUp(api.server);
    await follow(api.server, reader.uid, writer.uid);
    await postStory(writer.client, { public: true });
    await pass(at);
    const mail = await digestMail(reader);
    const header = mail.headers['list-unsubscribe']!;
    expect(header).toMatch(/^<https?:\/\/[^>]+\/api\/digest\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(header.slice(1, -1));
    const token = oneClick.searchParams.get('token')!;
    const page = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/digest/unsubscribe');
    expect(page?.searchParams.get('token')).toBe(token);

    const guest = api.server.client();
    const other = (await signUp(api.server)).uid;
    for (const bad of [`${reader.uid}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, `${other}.${token.split('.')[1]}`, 'not-a-token-at-all', '']) {
      const res = await guest.post(`/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await settingsOf(reader)).on).toBe(true);

    // Opening the link (a person, or a mail scanner) changes nothing: it goes to the confirmation page.
    const opened = await guest.raw('GET', `${oneClick.pathname}${oneClick.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${api.server.config.publicUrl}/digest/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await settingsOf(reader)).on).toBe(true);

    // As a mail provider's server sends it (RFC 8058): the URL as it is, a form body, no cookie and no Origin.
    const res = await fetch(new URL(`${oneClick.pathname}${oneClick.search}`, guest.baseUrl), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ on: false });
    expect(await settingsOf(reader)).toMatchObject({ on: false, nextAt: null });
    await pass(new Date(at.getTime() + 7 * DAY));
    expect(digestsTo(reader)).toHaveLength(1);
  });

  it('retries a refused send through the email queue', async () => {
    const { reader, at } = await optedIn();
    const writer = await signUp(api.server);
    await follow(api.server, reader.uid, writer.uid);
    await postStory(writer.client, { public: true, title: 'Try Again' });
    api.server.mail.refuse(true);
    try {
      expect(await pass(at)).toBe(1);
      await expect
        .poll(async () => (await api.server.ctx.db.selectFrom('emailQueue').select(['attempts', 'lastError']).where('recipient', '=', reader.email).execute())[0]?.lastError ?? null)
        .toMatch(/451/);
    } finally {
      api.server.mail.refuse(false);
    }
    await expectNoDigest(reader);
    expect(await api.server.ctx.emails.deliverDue(Date.now() + HOUR)).toBeGreaterThanOrEqual(1);
    expect((await digestMail(reader)).text).toContain('Try Again');
    expect(await api.server.ctx.db.selectFrom('emailQueue').select('id').where('recipient', '=', reader.email).execute()).toEqual([]);
  });
});

describe.each(testDialects())('the weekly digest with two servers on one database (%s)', (dialect) => {
  it('goes out once when both run the pass at the same moment', async () => {
    const servers = await startTwoInstances(dialect, { SIGNUP_RATE_LIMIT: '1000' });
    try {
      const reader = await signUpVerified(servers.one);
      const writer = await signUp(servers.one);
      await follow(servers.one, reader.uid, writer.uid);
      await postStory(writer.client, { public: true, title: 'Two Servers' });
      const day = localDay(new Date(Date.now() + 2 * DAY), 'UTC');
      expect((await reader.client.send('PUT', '/api/me/digest', { on: true, weekday: isoWeekday(day), hour: 6 })).status).toBe(200);
      const at = new Date(zonedInstant(day, 6, 'UTC').getTime() + 1000);
      const [a, b] = await Promise.all([sendDueDigests(servers.one.ctx, at), sendDueDigests(servers.two.ctx, at)]);
      expect(a + b).toBe(1);
      const mails = [servers.one.mail, servers.two.mail];
      await expect.poll(() => mails.flatMap((m) => m.messages).filter((m) => m.to.includes(reader.email.toLowerCase())).length).toBe(1);
    } finally {
      await servers.stop();
    }
  });
});
