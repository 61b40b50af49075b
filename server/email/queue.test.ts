import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { testDialects } from '../test/databases';
import { createSmtpReceiver, listenSmtp, type ReceivedMail } from '../test/smtp';
import { signUp, startTestServer, startTestServerOn, type TestServer } from '../test/server';
import { Metrics } from '../metrics/metrics';
import { createMailer } from './mailer';
import { EmailQueue, RETRY_FOR_MS } from './queue';

const HOUR_MS = 60 * 60 * 1000;

/** The queue as it stands: id, recipient, tries and last failure of every waiting email. */
const queued = (server: TestServer) => server.ctx.db.selectFrom('emailQueue').select(['id', 'recipient', 'attempts', 'lastError']).orderBy('createdAt').orderBy('id').execute();

/** Every queue pass of every instance at once, at a clock past any backoff: what many ticks would do. */
async function deliverEverywhere(servers: TestServer[], at: number): Promise<void> {
  await Promise.all(servers.flatMap((s) => [s.ctx.emails.deliverDue(at), s.ctx.emails.deliverDue(at)]));
}

/** Each received email's Message-ID, which is the queue row's id. */
const messageIds = (mails: ReceivedMail[]) => mails.map((m) => /^<([^@]+)@/.exec(m.headers['message-id'] ?? '')?.[1]);

describe.each(testDialects())('the email queue on %s', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer(dialect);
    // A second instance on the same database and the same SMTP server.
    b = await startTestServerOn(a.database, { SMTP_URL: a.mail.url }, a.database.reopen());
  });
  afterAll(async () => {
    await b?.close();
    await b?.mail.stop();
    await a?.stop();
  });

  it('keeps every email while the SMTP server refuses, then delivers each exactly once from two instances', async () => {
    a.mail.clear();
    a.mail.refuse(true);
    // Sign-ups on both instances: each verification email is tried at once and refused.
    const people = await Promise.all([a, b, a, b, a, b].map((server) => signUp(server)));
    // The person asking again waits for the answer: it is queued, and they are told so.
    const resent = await people[0]!.client.post<{ message: string }>('/api/account/verification/resend');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(ACCOUNT_TEXTS.emailDelayed);

    const waiting = await queued(a);
    expect(waiting).toHaveLength(people.length + 1);
    expect(new Set(waiting.map((w) => w.recipient))).toEqual(new Set(people.map((p) => p.email)));
    // Tried (the background pass after each sign-up, the resend at once) and refused: none arrived.
    await expect.poll(async () => (await queued(a)).every((w) => Number(w.attempts) >= 1 && /451/.test(w.lastError ?? ''))).toBe(true);
    expect(a.mail.refused).toBeGreaterThanOrEqual(people.length + 1);
    expect(a.mail.messages).toHaveLength(0);

    a.mail.refuse(false);
    // Both instances, twice each, at once: every email is claimed by one of them only.
    await deliverEverywhere([a, b], Date.now() + HOUR_MS);
    expect(await queued(a)).toEqual([]);
    expect(a.mail.messages).toHaveLength(waiting.length);
    expect(messageIds(a.mail.messages).sort()).toEqual(waiting.map((w) => w.id).sort());
    // Another round finds nothing left to send.
    await deliverEverywhere([a, b], Date.now() + 2 * HOUR_MS);
    expect(a.mail.messages).toHaveLength(waiting.length);
    // The resent link is the one that works (it replaced the first).
    const verify = a.mail.messages.filter((m) => m.to.includes(people[0]!.email));
    expect(verify).toHaveLength(2);
  });

  it('answers "sent" when the SMTP server takes the email at once', async () => {
    a.mail.refuse(false);
    const person = await signUp(a);
    await a.mail.waitFor({ to: person.email, subject: /Verify your email/ });
    const resent = await person.client.post<{ message: string }>('/api/account/verification/resend');
    expect(resent.body.message).toBe(ACCOUNT_TEXTS.verificationSent);
    await a.mail.waitFor({ to: person.email, subject: /Verify your email/ });
  });

  it('counts what it sent and what failed, and gives an email up after 24 hours of failures', async () => {
    const sentBefore = (await a.ctx.metrics.emailsSent.get()).values[0]?.value ?? 0;
    a.mail.refuse(true);
    const person = await signUp(a);
    // Its first try (in the background, after the sign-up) is over once the failure is noted.
    await expect.poll(async () => (await queued(a)).find((w) => w.recipient === person.email)?.lastError ?? '').toMatch(/451/);
    const failed = await a.ctx.metrics.emailsFailed.get();
    expect(failed.values.find((v) => v.labels.outcome === 'retrying')?.value).toBeGreaterThanOrEqual(1);
    // A day later it is still refused: given up, off the queue, counted.
    await a.ctx.emails.deliverDue(Date.now() + RETRY_FOR_MS + HOUR_MS);
    expect((await queued(a)).some((w) => w.recipient === person.email)).toBe(false);
    expect((await a.ctx.metrics.emailsFailed.get()).values.find((v) => v.labels.outcome === 'given_up')?.value).toBe(1);
    a.mail.refuse(false);
    expect((await a.ctx.metrics.emailsSent.get()).values[0]?.value ?? 0).toBe(sentBefore);
  });
});

describe.each(testDialects())('the email queue across a restart on %s', (dialect) => {
  it('keeps what could not be sent while the SMTP server was down, and the next run sends it once', async () => {
    const first = await startTestServer(dialect);
    const port = Number(new URL(first.mail.url).port);
    // The SMTP server goes away: nothing listens on its port.
    await first.mail.stop();
    const people = await Promise.all([signUp(first), signUp(first), signUp(first)]);
    await expect.poll(async () => (await queued(first)).filter((w) => /ECONNREFUSED/.test(w.lastError ?? '')).length).toBe(people.length);
    const waiting = await queued(first);
    await first.close();

    // It comes back on the same address; a new run of Drabble starts on the same data.
    const received: ReceivedMail[] = [];
    const smtp = createSmtpReceiver((mail) => received.push(mail));
    await listenSmtp(smtp, port);
    const second = await startTestServerOn(first.database, { SMTP_URL: `smtp://127.0.0.1:${port}` }, first.database.reopen());
    try {
      expect((await queued(second)).map((w) => w.id)).toEqual(waiting.map((w) => w.id));
      await second.ctx.emails.deliverDue(Date.now() + HOUR_MS);
      await second.ctx.emails.deliverDue(Date.now() + HOUR_MS);
      expect(await queued(second)).toEqual([]);
      expect(received.map((m) => m.to[0]).sort()).toEqual(people.map((p) => p.email).sort());
      expect(messageIds(received).sort()).toEqual(waiting.map((w) => w.id).sort());
    } finally {
      await second.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('the email queue without SMTP_URL', () => {
  it('writes each email to the log, once, and keeps nothing queued', async () => {
    const server = await startTestServer('sqlite');
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
    const queue = new EmailQueue(server.ctx.db, createMailer({ smtpUrl: null, from: 'Drabble <no-reply@localhost>' }, logger, () => {}), logger, new Metrics(false), 'http://localhost');
    try {
      await queue.add(server.ctx.db, { to: 'log@example.com', subject: 'Logged', text: 'Open https://example.com/x', html: '<p>x</p>' });
      expect(await queue.deliverDue(Date.now())).toBe(1);
      expect(await queue.deliverDue(Date.now())).toBe(0);
      expect(lines.filter((l) => l.includes('Email not sent (no SMTP_URL configured)') && l.includes('https://example.com/x'))).toHaveLength(1);
      expect(await server.ctx.db.selectFrom('emailQueue').select('id').where('recipient', '=', 'log@example.com').execute()).toEqual([]);
    } finally {
      await queue.close();
      await server.stop();
    }
  });
});
