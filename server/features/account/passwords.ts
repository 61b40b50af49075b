import { ACCOUNT_TEXTS, RESET_PASSWORD_TTL_MS, type PasswordChange } from '@common/account/account';
import type { UserRecord } from '@common/me/user';
import type { ServerContext } from '../../context';
import { badRequest, tooManyRequests } from '../../http/errors';
import { reserveLimit } from '../../http/rate-limit';
import { assertAcceptablePassword } from '../../auth/new-password';
import { hashingAs } from '../../auth/password';
import { passwordCheckRefused } from '../../auth/password-attempts';
import { appLink, passwordChangedMessage, resetPasswordMessage } from '../../email/templates';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { findUser } from '../../shared/users';
import { authStore, dropUnvouchedIdentities, markEmailVerified, revokeSessions, signInMethods } from './identity';
import { reservePasswordCheckFor, unlockPasswordSignIn } from './lockout';
import { sendLater } from './mail';
import { consumeToken, issueToken, peekToken } from './tokens';
import type { Actor } from '../../shared/actor';

/**
 * The account's password, when it has one, must be given and right. Counted like sign-in
 * attempts (per account and per address, reserved before hashing).
 */
export async function checkCurrentPassword(ctx: ServerContext, actor: Actor, given: string | undefined): Promise<void> {
  const { password } = await signInMethods(ctx, actor.user.uid);
  const stored = password?.password;
  if (!stored) return;
  if (!given) throw badRequest(ACCOUNT_TEXTS.passwordRequired, 'password_required');
  const attempt = await reservePasswordCheckFor(ctx, actor.user.email, actor.ip);
  if (!attempt.allowed) throw passwordCheckRefused(attempt);
  if (!(await hashingAs(actor.user.email, () => ctx.passwords.verify({ hash: stored, password: given })))) {
    throw badRequest(ACCOUNT_TEXTS.wrongCurrentPassword, 'wrong_password');
  }
  await attempt.succeeded();
}

/** A new password; every other session of the person ends, and their inbox is told. */
export async function changePassword(ctx: ServerContext, actor: Actor, change: PasswordChange): Promise<string> {
  const { password } = await signInMethods(ctx, actor.user.uid);
  if (!password) throw badRequest('Your account has no password yet. Use "Email me a link to set a password".', 'no_password');
  await assertAcceptablePassword(ctx, change.newPassword, { email: actor.user.email, name: actor.user.name });
  await checkCurrentPassword(ctx, actor, change.currentPassword);
  await (await authStore(ctx)).updatePassword(actor.user.uid, await hashingAs(actor.user.email, () => ctx.passwords.hash(change.newPassword)));
  await revokeSessions(ctx, actor.user.uid, actor.sessionId);
  await recordActivity(ctx.db, ctx.logger, {
    type: 'password_changed',
    action: 'update',
    user: logUserOf(actor.user),
    resource: `users/${actor.user.uid}`,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  await sendLater(ctx, passwordChangedMessage({ to: actor.user.email, name: actor.user.name, publicUrl: ctx.config.publicUrl }));
  return ACCOUNT_TEXTS.passwordChanged;
}

/**
 * Always the same answer, as fast whether or not the address has an account: the email is
 * sent in the background.
 */
export function forgotPassword(ctx: ServerContext, email: string): string {
  const address = email.trim().toLowerCase();
  void sendResetLink(ctx, address).catch((err: unknown) => ctx.logger.error({ err }, 'could not send a password reset link'));
  return ACCOUNT_TEXTS.forgotAnswer;
}

async function sendResetLink(ctx: ServerContext, email: string): Promise<void> {
  const found = await (await authStore(ctx)).findUserByEmail(email);
  if (!found) return;
  const perEmail = await reserveLimit(ctx, 'resetEmails', { account: email });
  if (!perEmail.allowed) return;
  const { user } = found;
  const { link } = await createResetLink(ctx, user.id, email);
  await sendLater(ctx, resetPasswordMessage({ to: user.email, name: user.name, link }));
}

/**
 * A new one-time link to the web's /reset-password page for the account, valid for
 * RESET_PASSWORD_TTL_MS; the account's earlier reset links stop working. Emailed by
 * "Forgot password", printed by `npx drabble reset-password` for an owner without their mailbox.
 */
export async function createResetLink(ctx: ServerContext, uid: string, email: string, now = Date.now()): Promise<{ link: string; expiresAt: Date }> {
  const token = await issueToken(ctx.db, { uid, purpose: 'reset-password', email: email.trim().toLowerCase() }, RESET_PASSWORD_TTL_MS, now);
  return { link: appLink(ctx.config.publicUrl, '/reset-password', token), expiresAt: new Date(now + RESET_PASSWORD_TTL_MS) };
}

/**
 * The link from the reset email: a new password, every session ends, and the address is
 * proved (it received the link). The caller then signs the person in afresh.
 */
export async function resetPassword(ctx: ServerContext, token: string, newPassword: string, ip: string): Promise<UserRecord> {
  // Checked before the link is used up, so a refused password does not cost the link; the
  // link (looked at, not used) says whose email and name the password may not contain.
  const holder = await peekToken(ctx.db, token, 'reset-password');
  const owner = holder ? await findUser(ctx.db, holder.uid) : null;
  await assertAcceptablePassword(ctx, newPassword, { email: owner?.email ?? holder?.email, name: owner?.name });
  const { allowed } = await reserveLimit(ctx, 'passwordResets', { ip });
  if (!allowed) throw tooManyRequests(ACCOUNT_TEXTS.tooOften);
  const link = await consumeToken(ctx.db, token, 'reset-password');
  const user = link ? await findUser(ctx.db, link.uid) : null;
  if (!link || !user || user.email.toLowerCase() !== link.email) throw badRequest(ACCOUNT_TEXTS.linkInvalid, 'invalid_link');

  const store = await authStore(ctx);
  const hash = await hashingAs(user.email, () => ctx.passwords.hash(newPassword));
  const credential = (await store.findAccounts(user.uid)).find((a) => a.providerId === 'credential');
  if (credential) await store.updatePassword(user.uid, hash);
  else await store.createAccount({ userId: user.uid, providerId: 'credential', accountId: user.uid, password: hash });
  if (!user.emailVerified) {
    await markEmailVerified(ctx, user.uid);
    await dropUnvouchedIdentities(ctx, user.uid);
  }
  await revokeSessions(ctx, user.uid);
  // The emailed link proved the person: failed guesses no longer keep them out.
  await unlockPasswordSignIn(ctx, user.email);
  await recordActivity(ctx.db, ctx.logger, {
    type: 'password_reset',
    action: 'update',
    user: logUserOf(user),
    resource: `users/${user.uid}`,
    ip,
  });
  const fresh = await findUser(ctx.db, user.uid);
  return fresh ?? user;
}
