import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notification emails. */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<id@host>`: the queue (email/queue.ts) gives every try of one email the
   * same, so a receiving server can tell a retry from a new email.
   */
  messageId?: string;
}

/**
 * How long one try may take before it fails and the queue tries again later: nodemailer's own
 * defaults (2 minutes to connect, 10 of silence) would hold a claimed email far too long.
 * An SMTP_URL that sets any of these (`?socketTimeout=…`) keeps its own.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.href;
}

export interface Mailer {
  /** Rejects when the SMTP server cannot be reached or refuses the message: callers decide what that means. */
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Where an unsent email is shown to a person: the server's standard error, beside the log. */
const toStandardError = (text: string) => void process.stderr.write(text);

/**
 * Sends email through SMTP_URL. Without one (the embedded default) each email is written
 * whole to the log instead, and its links are printed plainly (`print`, standard error), so a
 * self-hoster can still verify the owner's address or reset a password by opening the link.
 */
export function createMailer(mail: AppConfig['mail'], logger: Logger, print: (text: string) => void = toStandardError): Mailer {
  if (mail.smtpUrl === null) return logOnlyMailer(logger, print);

  const smtpUrl = withTimeouts(mail.smtpUrl);
  // Loaded with the first email rather than at start: most minutes send none.
  let transport: Promise<Transporter> | null = null;
  // nodemailer's own logger stays off: at debug level it would print the AUTH exchange.
  const connect = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
  return {
    async send(message) {
      const info = await (await connect()).sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
      logger.debug({ email: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'Email sent');
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/**
 * The links an email's HTML makes clickable, in order, each once: the templates' own links
 * (server/email/templates.ts), never a URL someone put in their name, which is only text.
 */
export function linksOf(html: string): string[] {
  const links = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
  return [...new Set(links)];
}

function logOnlyMailer(logger: Logger, print: (text: string) => void): Mailer {
  return {
    async send(message) {
      const links = linksOf(message.html);
      logger.info({ email: { to: message.to, subject: message.subject, text: message.text, links } }, 'Email not sent (no SMTP_URL configured)');
      // Whatever the log level and format: a link a person must open, on a line of its own, to copy as it is.
      print(`Email to ${message.to} not sent (SMTP_URL is not set): "${message.subject}".${links.length ? ' Open:' : ''}\n${links.map((l) => `${l}\n`).join('')}`);
    },
    async close() {},
  };
}
