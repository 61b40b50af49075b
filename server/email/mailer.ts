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

/**
 * Sends email through SMTP_URL. Without one (the embedded default) each email is written
 * whole to the log instead, links included, so a self-hoster can still verify the owner's
 * address or reset a password by opening the link printed there.
 */
export function createMailer(mail: AppConfig['mail'], logger: Logger): Mailer {
  if (mail.smtpUrl === null) return logOnlyMailer(logger);

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

function logOnlyMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      // The text is the log message itself, not a nested field, so the link reads (and copies) as-is.
      logger.info({ email: { to: message.to, subject: message.subject } }, `Email (no SMTP_URL configured, not sent)\n${message.text}`);
    },
    async close() {},
  };
}
