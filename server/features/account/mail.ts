import type { ServerContext } from '../../context';
import { AppError } from '../../http/errors';
import type { EmailMessage } from '../../email/mailer';

/** Sends now: the person is waiting for this email and must hear if it failed. */
export async function sendNow(ctx: ServerContext, message: EmailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.logger.error({ err, email: { subject: message.subject } }, 'could not send an email');
    throw new AppError(503, 'email_failed', 'We could not send the email. Please try again later.');
  }
}

/**
 * Sends without holding the response: a notice (password changed), or an answer that must
 * not take longer when the account exists (forgot password).
 */
export function sendLater(ctx: ServerContext, message: EmailMessage): void {
  void ctx.mailer.send(message).catch((err: unknown) => {
    ctx.logger.error({ err, email: { subject: message.subject } }, 'could not send an email');
  });
}
