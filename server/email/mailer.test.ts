import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { createMailer } from './mailer';
import { appLink, resetPasswordMessage } from './templates';

const silent = pino({ level: 'silent' });

/** A pino logger writing JSON lines into an array, to read back what was logged. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const message = resetPasswordMessage({
  to: 'Ada@Example.com',
  name: 'Ada <Lovelace>',
  link: appLink('https://drabble.example', '/reset-password', 'tok en/1'),
});

describe('mailer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());
  beforeEach(() => smtp.clear());

  it('sends through the SMTP server, from MAIL_FROM', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Drabble <no-reply@drabble.test>' }, silent);
    await mailer.send(message);
    await mailer.close();

    const received = await smtp.waitFor({ to: 'ada@example.com', subject: 'Reset your Drabble password' });
    expect(received.from).toBe('Drabble <no-reply@drabble.test>');
    expect(received.to.map((a) => a.toLowerCase())).toEqual(['ada@example.com']);
    expect(received.subject).toBe('Reset your Drabble password');
    expect(received.text).toContain('Hi Ada <Lovelace>,');
    expect(received.links).toEqual(['https://drabble.example/reset-password?token=tok%20en%2F1']);
    expect(received.html).toContain('href="https://drabble.example/reset-password?token=tok%20en%2F1"');
    expect(received.html).toContain('Hi Ada &#60;Lovelace&#62;,');
  });

  it('logs in to the SMTP server with the user and password of the URL', async () => {
    const url = new URL(smtp.url);
    url.username = 'drabble';
    url.password = 'p@ss word';
    const mailer = createMailer({ smtpUrl: url.href, from: 'no-reply@drabble.test' }, silent);
    await mailer.send({ ...message, to: 'grace@example.com' });
    expect((await smtp.waitFor({ to: 'grace@example.com' })).from).toBe('no-reply@drabble.test');
  });

  it('hands each message to one waitFor only', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@drabble.test' }, silent);
    const first = smtp.waitFor({ to: 'twice@example.com', subject: /password/ });
    const second = smtp.waitFor({ to: 'twice@example.com', subject: /password/ });
    await mailer.send({ ...message, to: 'twice@example.com', subject: 'Your Drabble password was changed' });
    await mailer.send({ ...message, to: 'twice@example.com' });
    expect((await first).subject).toBe('Your Drabble password was changed');
    expect((await second).subject).toBe('Reset your Drabble password');
    await expect(smtp.waitFor({ to: 'twice@example.com' }, 100)).rejects.toThrow(
      'No email to twice@example.com within 100 ms. Received: to twice@example.com: "Your Drabble password was changed" (taken by an earlier waitFor)',
    );
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://drabble:hunter2@127.0.0.1:${await closedPort()}`, from: 'no-reply@drabble.test' }, silent);
    await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('without an SMTP server, logs the whole email and prints its links plainly, each on a line of its own', async () => {
    const { logger, lines } = capturingLogger();
    const printed: string[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'Drabble <no-reply@localhost>' }, logger, (text) => printed.push(text));
    await mailer.send(message);
    await mailer.close();

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'Email not sent (no SMTP_URL configured)',
      email: { to: 'Ada@Example.com', subject: 'Reset your Drabble password', text: message.text, links: ['https://drabble.example/reset-password?token=tok%20en%2F1'] },
    });
    // For a person reading the output: who it was for, what it was, and the link to open, with nothing around it.
    expect(printed.join('').split('\n')).toEqual([
      'Email to Ada@Example.com not sent (SMTP_URL is not set): "Reset your Drabble password". Open:',
      'https://drabble.example/reset-password?token=tok%20en%2F1',
      '',
    ]);
    expect(smtp.messages).toHaveLength(0);
  });

  it('without an SMTP server, prints even when the log level hides the log line', async () => {
    const printed: string[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'Drabble <no-reply@localhost>' }, pino({ level: 'warn' }), (text) => printed.push(text));
    await mailer.send(message);
    expect(printed.join('')).toContain('\nhttps://drabble.example/reset-password?token=tok%20en%2F1\n');
  });
});
