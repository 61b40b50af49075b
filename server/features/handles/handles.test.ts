import { describe, expect, it } from 'vitest';
import { HANDLE_TEXTS, handleProblem } from '@common/handles/handle';
import { HANDLE_TAKEN } from '@common/handles/contract';
import { ACCOUNT_TEXTS } from '@common/account/account';
import { USER_NOT_FOUND, type PublicProfileResponse } from '@common/profile/profile';
import type { MeResponse } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, uniqueEmail, type SignedUp } from '../../test/server';
import { blockThroughApi } from '../blocks/test-support';
import { nextUserUpdate } from '../profile/test-support';
import { deleteAccountNow } from '../account-deletion';
import { ensureSessionUser } from '../../shared/users';

type ErrorBody = { error: { code: string; message: string } };
type Lookup = { uid: string; handle: string };

describe.each(testDialects())('handles on %s', (dialect) => {
  // The bursts below sign many people up from one address.
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '10000' } });

  const me = async (person: SignedUp) => (await person.client.get<MeResponse>('/api/me')).body.user;
  const lookup = (handle: string, client = api.server.client()) => client.get<Lookup & ErrorBody>(`/api/handles/${encodeURIComponent(handle)}`);
  const change = (person: SignedUp, handle: unknown) => person.client.patch<MeResponse & ErrorBody>('/api/me/handle', { handle });
  const redirects = (uid: string) => api.server.ctx.db.selectFrom('handleRedirects').select('oldHandle').where('userId', '=', uid).orderBy('oldHandle').execute();
  const storedHandle = async (uid: string) => (await api.server.ctx.db.selectFrom('users').select('handle').where('uid', '=', uid).executeTakeFirstOrThrow()).handle;
  /** A handle no test has used: tests share the server. */
  let counter = 0;
  const fresh = (prefix = 'h') => `${prefix}_${dialect.slice(0, 2)}_${Date.now().toString(36)}_${counter++}`;

  describe('at sign-up', () => {
    it('makes one from the display name, numbered when taken, from the email without a name, and never a reserved one', async () => {
      const first = await signUp(api.server, { name: 'Ottoline Morrell' });
      const second = await signUp(api.server, { name: 'Ottoline  Morrell!' });
      const nameless = await signUp(api.server, { name: '', email: uniqueEmail('Mina.Loy') });
      const admin = await signUp(api.server, { name: 'Support' });
      const unlatin = await signUp(api.server, { name: '李雷', email: `li.lei.${counter++}@example.com` });
      expect((await me(first)).handle).toBe('ottoline_morrell');
      expect((await me(second)).handle).toBe('ottoline_morrell2');
      expect((await me(nameless)).handle).toMatch(/^mina_loy_[0-9a-f]{8}$/);
      expect((await me(admin)).handle).toBe('support_writer');
      expect((await me(unlatin)).handle).toMatch(/^li_lei_\d+$/);
    });

    it('gives each of a burst of parallel sign-ups with one name a handle of its own, and every sign-up succeeds', async () => {
      const people = await Promise.all(Array.from({ length: 16 }, () => signUp(api.server, { name: 'Burst Writer' })));
      const handles = await Promise.all(people.map(async (person) => storedHandle(person.uid)));
      expect(new Set(handles).size).toBe(people.length);
      for (const handle of handles) expect(handle).toMatch(/^burst_writer\d*$/);
      expect(handles).toContain('burst_writer');
    });

    it('gives thirty accounts made at the same instant with one name thirty handles (the provisioning every sign-up runs)', async () => {
      const made = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ensureSessionUser(api.server.ctx.db, { uid: `same-instant-${dialect}-${i}`, email: `same.${i}@example.com`, displayName: 'Same Instant', emailVerified: true }, null),
        ),
      );
      const handles = made.map((user) => user.handle);
      expect(new Set(handles).size).toBe(30);
      for (const handle of handles) expect(handle).toMatch(/^same_instant\d*$/);
      // Asked again for an account that exists (the session check after sign-up): the same record.
      const again = await Promise.all(made.slice(0, 5).map((user) => ensureSessionUser(api.server.ctx.db, { uid: user.uid, email: user.email, displayName: 'Same Instant', emailVerified: true }, null)));
      expect(again.map((user) => user.handle)).toEqual(handles.slice(0, 5));
    });

    it('skips a handle that only leads to someone (an old one of theirs)', async () => {
      const holder = await signUp(api.server, { name: 'Vita Sackville' });
      expect((await change(holder, fresh('vita'))).status).toBe(200);
      // "vita_sackville" now only redirects to the holder: the next Vita is numbered.
      const next = await signUp(api.server, { name: 'Vita Sackville' });
      expect((await me(next)).handle).toBe('vita_sackville2');
    });
  });

  describe('in answers', () => {
    it('/api/me and the public profile carry the handle', async () => {
      const writer = await signUp(api.server, { name: 'Radclyffe Hall' });
      const handle = (await me(writer)).handle;
      expect(handleProblem(handle)).toBeNull();
      const profile = await api.server.client().get<PublicProfileResponse>(`/api/users/${writer.uid}`);
      expect(profile.status).toBe(200);
      expect(profile.body.profile).toMatchObject({ uid: writer.uid, handle });
    });
  });

  describe('GET /api/handles/:handle', () => {
    it('answers the writer’s uid and handle to anyone, in any case and with or without its @', async () => {
      const writer = await signUp(api.server, { name: 'Djuna Barnes' });
      const handle = (await me(writer)).handle;
      for (const asked of [handle, handle.toUpperCase(), `@${handle}`, `@${handle.toUpperCase()}`]) {
        const res = await lookup(asked);
        expect(res.status, asked).toBe(200);
        expect(res.body).toEqual({ uid: writer.uid, handle });
      }
      // Signed in, the same.
      expect((await lookup(handle, writer.client)).body).toEqual({ uid: writer.uid, handle });
    });

    it('404 not_found for a handle nobody holds and for what cannot be a handle', async () => {
      for (const asked of [fresh('nobody'), 'ab', 'bad-handle', 'x'.repeat(31), 'admin', '%', ' ']) {
        const res = await lookup(asked);
        expect(res.status, asked).toBe(404);
        expect(res.body, asked).toEqual({ error: { code: 'not_found', message: USER_NOT_FOUND } });
      }
    });

    it('is missing wherever the profile is: suspended, deactivated or deleted accounts, and to someone the writer blocks', async () => {
      const blocker = await signUp(api.server, { name: 'Hilda Doolittle' });
      const blocked = await signUp(api.server, { name: 'Ezra Pound' });
      const handle = (await me(blocker)).handle;
      await blockThroughApi(blocker.client, blocked.uid);
      expect((await lookup(handle, blocked.client)).status).toBe(404);
      expect((await lookup(handle)).status).toBe(200);

      for (const column of ['suspendedAt', 'deactivatedAt'] as const) {
        const writer = await signUp(api.server, { name: 'Hidden Writer' });
        const own = (await me(writer)).handle;
        await api.server.ctx.db.updateTable('users').set({ [column]: new Date().toISOString() }).where('uid', '=', writer.uid).execute();
        expect((await lookup(own)).status, column).toBe(404);
      }
    });
  });

  describe('PATCH /api/me/handle', () => {
    it('changes the handle, tells open tabs, logs it, and the old one leads to the writer from then on', async () => {
      const writer = await signUp(api.server, { name: 'Anaïs Nin' });
      const old = (await me(writer)).handle;
      expect(old).toBe('anais_nin');
      const next = fresh('anais');
      const stream = await openEventStream(writer.client);
      try {
        const res = await change(writer, `  @${next.toUpperCase()} `);
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ uid: writer.uid, handle: next });
        await nextUserUpdate(stream, (user) => user.handle === next);
      } finally {
        stream.close();
      }
      expect((await me(writer)).handle).toBe(next);
      expect((await api.server.client().get<PublicProfileResponse>(`/api/users/${writer.uid}`)).body.profile.handle).toBe(next);
      expect((await lookup(next)).body).toEqual({ uid: writer.uid, handle: next });
      expect((await lookup(old)).body).toEqual({ uid: writer.uid, handle: next });
      expect(await redirects(writer.uid)).toEqual([{ oldHandle: old }]);
      const logs = await api.server.ctx.db.selectFrom('activityLogs').selectAll().where('userId', '=', writer.uid).where('type', '=', 'handle_changed').execute();
      expect(logs).toHaveLength(1);
      expect(JSON.parse(logs[0]!.details!)).toEqual({ from: old, to: next });
    });

    it('refuses a guest (401) and every value the rule refuses (400, with the rule’s sentence), changing nothing', async () => {
      const guest = await api.server.client().patch<ErrorBody>('/api/me/handle', { handle: fresh() });
      expect(guest.status).toBe(401);
      const writer = await signUp(api.server, { name: 'Mary Butts' });
      const before = (await me(writer)).handle;
      const cases: Array<[unknown, string]> = [
        ['ab', HANDLE_TEXTS.tooShort],
        ['x'.repeat(31), HANDLE_TEXTS.tooLong],
        ['mary butts', HANDLE_TEXTS.characters],
        ['mary-butts', HANDLE_TEXTS.characters],
        ['märy', HANDLE_TEXTS.characters],
        ['', HANDLE_TEXTS.empty],
        ['@', HANDLE_TEXTS.empty],
        ['Admin', HANDLE_TEXTS.reserved],
        ['well_known', HANDLE_TEXTS.reserved],
        [42, HANDLE_TEXTS.notText],
        [null, HANDLE_TEXTS.notText],
      ];
      for (const [handle, message] of cases) {
        const res = await change(writer, handle);
        expect(res.status, JSON.stringify(handle)).toBe(400);
        expect(res.body.error, JSON.stringify(handle)).toEqual({ code: 'validation_failed', message: `handle: ${message}` });
      }
      for (const body of [{}, { handle: fresh(), uid: writer.uid }, 'ada']) {
        const res = await writer.client.patch<ErrorBody>('/api/me/handle', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const broken = await writer.client.raw('PATCH', '/api/me/handle', { body: '{"handle":', headers: { 'content-type': 'application/json' } });
      expect(broken.status).toBe(400);
      expect((await me(writer)).handle).toBe(before);
      expect(await redirects(writer.uid)).toEqual([]);
    });

    it('409 handle_taken for someone else’s handle, and for an old handle that leads to someone else', async () => {
      const holder = await signUp(api.server, { name: 'Natalie Barney' });
      const other = await signUp(api.server, { name: 'Romaine Brooks' });
      const taken = (await me(holder)).handle;
      const res = await change(other, taken.toUpperCase());
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: HANDLE_TAKEN, message: HANDLE_TEXTS.taken });

      expect((await change(holder, fresh('natalie'))).status).toBe(200);
      // `taken` is now only an old handle of the holder's: still theirs.
      const again = await change(other, taken);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe(HANDLE_TAKEN);
      expect((await me(other)).handle).toBe('romaine_brooks');
      expect(await redirects(other.uid)).toEqual([]);
    });

    it('keeps the handle as it is when it is already the writer’s, and lets them take back an old one of theirs', async () => {
      const writer = await signUp(api.server, { name: 'Sylvia Beach' });
      const first = (await me(writer)).handle;
      const same = await change(writer, first.toUpperCase());
      expect(same.status).toBe(200);
      expect(same.body.user.handle).toBe(first);
      expect(await redirects(writer.uid)).toEqual([]);

      const second = fresh('sylvia');
      expect((await change(writer, second)).status).toBe(200);
      const back = await change(writer, first);
      expect(back.status).toBe(200);
      expect(back.body.user.handle).toBe(first);
      // The first is theirs again, and the second now leads to them.
      expect(await redirects(writer.uid)).toEqual([{ oldHandle: second }]);
      expect((await lookup(second)).body).toEqual({ uid: writer.uid, handle: first });
    });

    it('keeps a deleted account’s handles (its own and its old ones) from anyone else, and finds no one at them', async () => {
      const leaver = await signUp(api.server, { name: 'Bryher Ellerman' });
      const old = (await me(leaver)).handle;
      const current = fresh('bryher');
      expect((await change(leaver, current)).status).toBe(200);
      await deleteAccountNow(api.server.ctx, leaver.uid, { adminUid: null, reason: 'handles test' });
      expect(await storedHandle(leaver.uid)).toBe(current);
      const newcomer = await signUp(api.server, { name: 'Newcomer' });
      for (const handle of [old, current]) {
        expect((await lookup(handle)).status, handle).toBe(404);
        expect((await change(newcomer, handle)).status, handle).toBe(409);
      }
      // Signing up again with the same name gives a new account a numbered handle, never the old.
      const returning = await signUp(api.server, { name: 'Bryher Ellerman' });
      expect((await me(returning)).handle).toBe('bryher_ellerman2');
    });

    it('of two people claiming one handle at once, exactly one gets it, round after round', async () => {
      for (let round = 0; round < 6; round++) {
        const [a, b] = await Promise.all([signUp(api.server, { name: 'Claimant A' }), signUp(api.server, { name: 'Claimant B' })]);
        const wanted = fresh('race');
        const answers = await Promise.all([change(a, wanted), change(b, wanted)]);
        expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
        const winner = answers[0]!.status === 200 ? a : b;
        const loser = winner === a ? b : a;
        expect(await storedHandle(winner.uid)).toBe(wanted);
        expect(await storedHandle(loser.uid)).not.toBe(wanted);
        expect(await redirects(loser.uid)).toEqual([]);
        expect((await lookup(wanted)).body).toEqual({ uid: winner.uid, handle: wanted });
      }
    });

    it('a burst of six people claiming one handle: one wins; someone taking the handle another is leaving always loses', async () => {
      const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(api.server, { name: `Crowd ${i}` })));
      const wanted = fresh('crowd');
      const statuses = (await Promise.all(people.map((p) => change(p, wanted)))).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);

      for (let round = 0; round < 4; round++) {
        const [leaving, taker] = await Promise.all([signUp(api.server, { name: 'Leaving' }), signUp(api.server, { name: 'Taker' })]);
        const left = await storedHandle(leaving.uid);
        const [moved, took] = await Promise.all([change(leaving, fresh('moved')), change(taker, left)]);
        expect(moved.status).toBe(200);
        expect(took.status).toBe(409);
        expect((await lookup(left)).body.uid).toBe(leaving.uid);
      }
    });

    it('ten changes a day: a burst of parallel changes lets exactly ten through, the rest 429; refusals and no-ops do not count', async () => {
      const writer = await signUp(api.server, { name: 'Busy Changer' });
      const someone = await signUp(api.server, { name: 'Someone Else' });
      const taken = await storedHandle(someone.uid);
      const own = await storedHandle(writer.uid);
      for (let i = 0; i < 12; i++) {
        expect((await change(writer, taken)).status).toBe(409);
        expect((await change(writer, own)).status).toBe(200);
        expect((await change(writer, 'no')).status).toBe(400);
      }
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => change(writer, fresh(`busy${i}`))));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(6);
      for (const r of refused) expect(r.body).toEqual({ error: { code: 'rate_limited', message: ACCOUNT_TEXTS.tooOften } });
      expect(await redirects(writer.uid)).toHaveLength(10);
    });
  });
});
