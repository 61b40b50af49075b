/**
 * Other people's sign-in while one account floods password checks (auth/password.ts
 * FairHashing): one API server at OWASP's argon2id cost; the time of a right-password sign-in
 * by someone else, alone and then while one account sends 64 wrong current passwords at once
 * (an email change, each from a fresh address so every one is checked and hashed).
 *
 *   npx tsx bench/password-fairness.ts                                         SQLite
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/password-fairness.ts   also PostgreSQL
 *
 * Hashes of one account wait in a line of their own, so the others' sign-ins should take about
 * one hash longer than alone, not the burst's 64. Figures depend on the machine: not part of `npm test`.
 */
import { performance } from 'node:perf_hooks';
import { OWASP_ARGON2_COST } from '../server/auth/password';
import type { Dialect } from '../server/db/database';
import { signUp, startTestServer, type SignedUp, type TestServer } from '../server/test/server';

const BURST = 64;
const SIGN_INS = 8;
const log = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let nextAddress = 1;
const freshAddress = () => `10.8.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function timedSignIn(server: TestServer, person: SignedUp): Promise<number> {
  const start = performance.now();
  const res = await server.client().send('POST', '/api/auth/sign-in/email', { email: person.email, password: person.password }, { 'x-forwarded-for': freshAddress() });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return performance.now() - start;
}

async function measure(dialect: Dialect): Promise<void> {
  const server = await startTestServer(
    dialect,
    { TRUSTED_PROXY_HEADER: 'x-forwarded-for', SIGNUP_RATE_LIMIT: '1000', PASSWORD_FAILURES_PER_DAY: '1000' },
    { passwordCost: OWASP_ARGON2_COST },
  );
  try {
    const guesser = await signUp(server);
    const others = await Promise.all(Array.from({ length: SIGN_INS }, () => signUp(server)));
    const alone: number[] = [];
    for (const person of others) alone.push(await timedSignIn(server, person));

    const burst = Promise.all(
      Array.from({ length: BURST }, () =>
        guesser.client.send('POST', '/api/account/email', { newEmail: 'elsewhere@example.com', currentPassword: 'a wrong guess' }, { 'x-forwarded-for': freshAddress() }),
      ),
    );
    // Into the thick of it: the burst's requests have reached the hashing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during: number[] = [];
    for (const person of others) during.push(await timedSignIn(server, person));
    const burstStart = performance.now();
    await burst;
    const burstLeft = performance.now() - burstStart;

    log(`${dialect}: sign-in alone median ${median(alone).toFixed(0)} ms; during a burst of ${BURST} median ${median(during).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (the burst ran ${burstLeft.toFixed(0)} ms longer)`);
  } finally {
    await server.stop();
  }
}

await measure('sqlite');
if (process.env.TEST_DATABASE_URL) await measure('postgres');
process.exit(0);
