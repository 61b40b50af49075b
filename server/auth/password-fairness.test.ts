import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp, type SignedUp } from '../test/server';
import { hashing, hashingSlots, OWASP_ARGON2_COST, type HashingEvent } from './password';

type ErrorBody = { error: { code: string; message: string } };

/** The most hashes under way at once in `events`, counting only those `which` picks. */
function peakConcurrency(events: HashingEvent[], which: (e: HashingEvent) => boolean = () => true): number {
  let running = 0;
  let peak = 0;
  for (const e of events.filter(which)) {
    if (e.type === 'started') peak = Math.max(peak, ++running);
    if (e.type === 'finished') running--;
  }
  return peak;
}

describe.each(testDialects())('password hashing shared fairly between accounts, on %s', (dialect) => {
  let stopWatching: (() => void) | undefined;
  // Every check of the burst comes from an address with no failures, so all 64 are allowed and
  // each costs a hash at OWASP's cost, as real ones do: the burst queues as it would in production.
  const api = useTestServer(dialect, { env: { TRUSTED_PROXY_HEADER: 'x-forwarded-for', SIGNUP_RATE_LIMIT: '1000', PASSWORD_FAILURES_PER_DAY: '500' }, options: { passwordCost: OWASP_ARGON2_COST } });
  afterEach(() => stopWatching?.());

  let nextAddress = 1;
  const freshAddress = () => `10.7.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const signIn = (person: SignedUp) =>
    api.server.client().send<ErrorBody>('POST', '/api/auth/sign-in/email', { email: person.email, password: person.password }, { 'x-forwarded-for': freshAddress() });

  it('hashes one account’s burst of 64 wrong current passwords (an email change) one at a time, and others’ sign-ins do not wait behind it', async () => {
    const guesser = await signUp(api.server);
    const others = await Promise.all(Array.from({ length: 3 }, () => signUp(api.server)));
    const events: HashingEvent[] = [];
    stopWatching = hashing.watch((e) => events.push(e));
    const burstKey = guesser.email.toLowerCase();
    const burstWaiting = () => events.filter((e) => e.key === burstKey && e.type === 'queued').length - events.filter((e) => e.key === burstKey && e.type === 'started').length;

    const burst = Promise.all(
      Array.from({ length: 64 }, () =>
        guesser.client.send<ErrorBody>('POST', '/api/account/email', { newEmail: 'elsewhere@example.com', currentPassword: 'a wrong guess' }, { 'x-forwarded-for': freshAddress() }),
      ),
    );
    // The others ask once the burst has hashes waiting: the moment they used to queue behind all of them.
    for (let i = 0; i < 2000 && burstWaiting() < 8; i++) await new Promise((r) => setTimeout(r, 5));
    expect(burstWaiting()).toBeGreaterThanOrEqual(8);
    const signIns = await Promise.all(others.map(signIn));
    const answers = await burst;

    expect(answers.map((a) => a.status)).toEqual(Array(64).fill(400));
    expect(answers.every((a) => a.body.error.code === 'wrong_password')).toBe(true);
    expect(signIns.map((s) => s.status)).toEqual([200, 200, 200]);

    // One account's checks take one hashing place at a time; all together never more than there are.
    expect(events.filter((e) => e.key === burstKey && e.type === 'started')).toHaveLength(64);
    expect(peakConcurrency(events, (e) => e.key === burstKey)).toBe(1);
    expect(peakConcurrency(events)).toBeLessThanOrEqual(hashingSlots.limit);
    // Each other sign-in's hash started after at most one more of the burst's: it waited for the
    // hash ahead of it, not for the burst's queue. (An order of events, not a duration.)
    for (const person of others) {
      const key = person.email.toLowerCase();
      const queuedAt = events.findIndex((e) => e.key === key && e.type === 'queued');
      const startedAt = events.findIndex((e) => e.key === key && e.type === 'started');
      expect(queuedAt).toBeGreaterThanOrEqual(0);
      const burstStartsBetween = events.slice(queuedAt, startedAt).filter((e) => e.key === burstKey && e.type === 'started').length;
      expect(burstStartsBetween, `${key} waited behind the burst`).toBeLessThanOrEqual(1);
    }
  });

  it('hashes a burst of sign-ins to one address one at a time, the right password included', async () => {
    const person = await signUp(api.server);
    const events: HashingEvent[] = [];
    stopWatching = hashing.watch((e) => events.push(e));
    const key = person.email.toLowerCase();
    // The address typed in capitals is the same account.
    const typed = person.email.toUpperCase();
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.server
          .client()
          .send<ErrorBody>('POST', '/api/auth/sign-in/email', { email: i === 11 ? person.email : typed, password: i === 11 ? person.password : 'wrong guess' }, { 'x-forwarded-for': freshAddress() }),
      ),
    );
    expect(tries.filter((t) => t.status === 401)).toHaveLength(11);
    expect(tries[11]!.status).toBe(200);
    expect(events.filter((e) => e.key === key && e.type === 'started')).toHaveLength(12);
    expect(peakConcurrency(events, (e) => e.key === key)).toBe(1);
  });
});
