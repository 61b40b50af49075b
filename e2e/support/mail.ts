import { z } from 'zod';
import { E2E } from './env';

/** Reading the email the app sent, from the mailbox web server (support/mailbox-server.ts). */

const mailList = z.array(z.object({ to: z.array(z.string()), subject: z.string(), text: z.string(), html: z.string(), links: z.array(z.string()) }));

export interface Mail {
  subject: string;
  text: string;
  /** The HTML version, to open in the browser as a mail client shows it. */
  html: string;
  links: string[];
}

const POLL_MS = 100;

async function messagesTo(to: string): Promise<Mail[]> {
  const res = await fetch(`${E2E.mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return mailList.parse(await res.json()).map(({ subject, text, html, links }) => ({ subject, text, html, links }));
}

/**
 * The newest email to `to` whose subject is `subject` (or matches it), waiting for it to
 * arrive: the app may send after its response. Fails after `timeoutMs` listing what did arrive.
 */
export async function waitForMail(to: string, subject: string | RegExp, timeoutMs = 10_000): Promise<Mail> {
  const matches = (mail: Mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await messagesTo(to);
    const found = messages.findLast(matches);
    if (found) return found;
    if (Date.now() >= deadline) {
      const arrived = messages.length === 0 ? 'none' : messages.map((m) => `"${m.subject}"`).join(', ');
      throw new Error(`No email to ${to} with subject ${String(subject)} within ${timeoutMs} ms. Received for that address: ${arrived}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first link in the email to `path` (e.g. '/reset-password'), as path and query for page.goto. */
export function linkFrom(mail: { links: string[] }, path: string): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname === path) return `${url.pathname}${url.search}${url.hash}`;
  }
  throw new Error(`No link to ${path} in the email; its links: ${mail.links.join(', ') || 'none'}`);
}
