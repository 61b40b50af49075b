import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests, in process: the app sends through nodemailer exactly as in
 * production and the test reads back what arrived. The browser tests' mailbox
 * (e2e/support/mailbox-server.ts) is the same receiver behind a small HTTP API.
 */

export interface ReceivedMail {
  /** The From header, e.g. `Drabble <no-reply@drabble.test>`. */
  from: string;
  /** The envelope recipients (who it was delivered to), or the To header when there are none. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text, in order. */
  links: string[];
  /** Each header's raw value by lower-case name (the last one when repeated), e.g. 'list-unsubscribe'. */
  headers: Record<string, string>;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  /**
   * While on, every message is refused after its data (451, "try again later", as a server
   * does when it is overloaded or its disk is full); nothing is received. Off accepts again.
   */
  refuse(on: boolean): void;
  /** Messages refused so far. */
  readonly refused: number;
  /** Everything received since the start or the last clear(), oldest first, including what waitFor took. */
  messages: ReceivedMail[];
  /**
   * The first message to `to` (any case) whose subject matches, already received or still to
   * come, that no earlier waitFor returned. Rejects after `timeoutMs` listing what did arrive.
   */
  waitFor(match: { to: string; subject?: string | RegExp }, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  stop(): Promise<void>;
}

// A URL ends at white space or a character that cannot be in one; a full stop or comma right after it belongs to the sentence.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

/** The http(s) URLs in a plain-text body, without trailing sentence punctuation. */
export function linksIn(text: string): string[] {
  return (text.match(URL_PATTERN) ?? []).map((url) => url.replace(/[.,;:!?)\]]+$/, ''));
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((o) => o.value.flatMap((a) => (a.address ? [a.address] : [])));
}

/** `Name <address>` or `address`, without the quotes mail software may put around the name. */
function sender(header: AddressObject | undefined): string {
  const first = header?.value[0];
  if (!first?.address) return header?.text ?? '';
  return first.name ? `${first.name} <${first.address}>` : first.address;
}

/** Parses one raw message as received by SMTP; `envelopeTo` are the RCPT TO addresses. */
export async function parseMail(source: Readable | Buffer | string, envelopeTo: string[]): Promise<ReceivedMail> {
  const parsed = await simpleParser(source);
  const text = parsed.text ?? '';
  return {
    from: sender(parsed.from),
    to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
    subject: parsed.subject ?? '',
    text,
    html: parsed.html || '',
    links: linksIn(text),
    headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key.toLowerCase(), h.line.slice(h.line.indexOf(':') + 1).trim()])),
  };
}

/**
 * An SMTP server that accepts every message, with or without AUTH (any user and password),
 * over plain TCP, and hands each parsed message to `onMail`. Start it with listenSmtp().
 */
export function createSmtpReceiver(onMail: (mail: ReceivedMail) => void, refusing: () => boolean = () => false, onRefused: () => void = () => {}): SMTPServer {
  const server = new SMTPServer({
    authOptional: true,
    // Test traffic stays on the loopback interface, so plain-text AUTH and no STARTTLS are fine.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // A closed network has no reverse DNS: looking the client up would stall every connection.
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      if (refusing()) {
        // The data is read to its end, then refused: the client sees a temporary failure.
        stream.on('end', () => {
          onRefused();
          callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
        });
        stream.resume();
        return;
      }
      parseMail(stream, session.envelope.rcptTo.map((r) => r.address)).then(
        (mail) => {
          onMail(mail);
          callback();
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
  // A client dropping its connection is the client's failure, which the sending side reports; don't crash on it.
  server.on('error', () => {});
  return server;
}

/** Listens on 127.0.0.1; resolves with the port, or rejects when it is taken (which the receiver's error handler would otherwise hide). */
export function listenSmtp(server: SMTPServer, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

function summary(mail: ReceivedMail): string {
  return `to ${mail.to.join(', ')}: "${mail.subject}"`;
}

function matches(mail: ReceivedMail, match: { to: string; subject?: string | RegExp }): boolean {
  const to = match.to.toLowerCase();
  if (!mail.to.some((address) => address.toLowerCase() === to)) return false;
  if (match.subject === undefined) return true;
  return typeof match.subject === 'string' ? mail.subject === match.subject : match.subject.test(mail.subject);
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const taken = new WeakSet<ReceivedMail>();
  // Waiters are served in the order they asked, each taking at most one message.
  const waiters = new Set<() => void>();

  let refusing = false;
  let refused = 0;
  const server = createSmtpReceiver(
    (mail) => {
      messages.push(mail);
      for (const wake of [...waiters]) wake();
    },
    () => refusing,
    () => (refused += 1),
  );
  const port = await listenSmtp(server, 0);

  const take = (match: { to: string; subject?: string | RegExp }): ReceivedMail | undefined => {
    const found = messages.find((mail) => !taken.has(mail) && matches(mail, match));
    if (found) taken.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    refuse(on) {
      refusing = on;
    },
    get refused() {
      return refused;
    },
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = take(match);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const wake = () => {
          const mail = take(match);
          if (!mail) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const wanted = `to ${match.to}${match.subject === undefined ? '' : ` with subject ${String(match.subject)}`}`;
          const arrived = messages.length === 0 ? 'none' : messages.map((m) => `${summary(m)}${taken.has(m) ? ' (taken by an earlier waitFor)' : ''}`).join('; ');
          reject(new Error(`No email ${wanted} within ${timeoutMs} ms. Received: ${arrived}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    clear() {
      messages.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
