import { RESET_PASSWORD_TTL_MS } from '@common/account/account';
import type { ServerContext } from '../../context';
import { forgetPasswordFailures, reservePasswordCheck, type PasswordCheck } from '../../auth/password-attempts';
import { accountLockedMessage, appLink } from '../../email/templates';
import { limitKey, reserveLimit } from '../../http/rate-limit';
import { authStore } from './identity';
import { sendLater } from './mail';
import { issueToken } from './tokens';

/**
 * A password check (sign-in, or the current password in Settings) under every limit
 * (auth/password-attempts.ts). When the account has used up its failed checks for the day,
 * its owner is emailed a reset link: once a day, whichever refused request comes first.
 */
export async function reservePasswordCheckFor(ctx: ServerContext, email: string, ip: string): Promise<PasswordCheck> {
  const check = await reservePasswordCheck(ctx, email, ip);
  if (check.locked) {
    void sendLockoutNotice(ctx, email).catch((err: unknown) => ctx.logger.error({ err }, 'could not send a locked-account notice'));
  }
  return check;
}

async function sendLockoutNotice(ctx: ServerContext, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  // One notice per account and day, however many refusals: a single upsert decides.
  const first = await reserveLimit(ctx, 'lockoutNotices', { account: address });
  if (!first.allowed) return;
  const found = await (await authStore(ctx)).findUserByEmail(address);
  if (!found) return;
  const { user } = found;
  const token = await issueToken(ctx.db, { uid: user.id, purpose: 'reset-password', email: address }, RESET_PASSWORD_TTL_MS);
  await sendLater(
    ctx,
    accountLockedMessage({
      to: user.email,
      name: user.name,
      failures: ctx.config.passwordFailuresPerDay,
      link: appLink(ctx.config.publicUrl, '/reset-password', token),
    }),
  );
}

/** The reset link set a new password: the account's failures are forgiven, and a new lockout would email again. */
export async function unlockPasswordSignIn(ctx: ServerContext, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await Promise.all([forgetPasswordFailures(ctx.rateLimiter, address), ctx.rateLimiter.clear(limitKey('lockoutNotices', { account: address }))]);
}
