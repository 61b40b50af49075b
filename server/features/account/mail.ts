import type { ServerContext } from '../../context';
import type { EmailMessage } from '../../email/mailer';
import type { SendOutcome } from '../../email/queue';

/**
 * Sends now: the person is waiting for this email (a verification link they asked for again,
 * the link to confirm a new address). It goes through the queue like every email, tried at
 * once: 'queued' means the SMTP server refused it or could not be reached, and the queue keeps
 * trying for 24 hours, so the caller says it will arrive shortly (ACCOUNT_TEXTS.emailDelayed)
 * rather than asking the person to try again, which would send a second link that replaces the
 * first (docs/decisions/0030-staying-up.md).
 */
export function sendNow(ctx: ServerContext, message: EmailMessage): Promise<SendOutcome> {
  return ctx.emails.sendNow(message);
}

/**
 * Sends without holding the response: a notice (password changed), or an answer that must
 * not take longer when the account exists (forgot password). Resolves once the email is
 * queued in the database; it is sent in the background and retried until it goes.
 */
export function sendLater(ctx: ServerContext, message: EmailMessage): Promise<void> {
  return ctx.emails.enqueue(message);
}
