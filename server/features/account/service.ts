import {
  ACCOUNT_TEXTS,
  CHANGE_EMAIL_TTL_MS,
  PROVIDER_IDS,
  PROVIDER_LABELS,
  VERIFY_EMAIL_TTL_MS,
  type AccountOverview,
  type EmailChange,
} from '@common/account/account';
import { deriveFirstLast } from '@common/account/names';
import type { UserRecord } from '@common/me/user';
import type { ServerContext, SessionUser } from '../../context';
import type { Actor } from '../../shared/actor';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import { reserveLimit } from '../../http/rate-limit';
import type { EmailMessage } from '../../email/mailer';
import type { SendOutcome } from '../../email/queue';
import { appLink, confirmEmailChangeMessage, emailChangedMessage, verifyEmailMessage } from '../../email/templates';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { changeUser } from '../../shared/users';
import { findUser, setEmailVerified } from '../../shared/users';
import { authStore, markEmailVerified, signInMethods } from './identity';
import { checkCurrentPassword } from './passwords';
import { sendLater, sendNow } from './mail';
import { consumeToken, issueToken } from './tokens';
import { authUserWithEmail, setUserEmail, setUserNames } from './queries';
import { refuseBlockedEmail } from '../registration';


export async function accountOverview(ctx: ServerContext, user: SessionUser): Promise<AccountOverview> {
  const { accounts, password } = await signInMethods(ctx, user.uid);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: password !== null,
    providers: PROVIDER_IDS.map((id) => ({
      id,
      label: PROVIDER_LABELS[id],
      configured: ctx.config.providers[id] !== null,
      connected: accounts.some((a) => a.providerId === id),
    })),
  };
}

/** Display name 1–60 characters; first and last follow it (spec: the names rule). */
export async function changeDisplayName(ctx: ServerContext, actor: Actor, displayName: string): Promise<UserRecord> {
  const { uid, email } = actor.user;
  const { first, last } = deriveFirstLast(displayName, email);
  const user = await changeUser(ctx, uid, (trx) => setUserNames(trx, uid, { displayName, name: displayName, first, last }));
  await (await authStore(ctx)).updateUser(uid, { name: displayName });
  await recordActivity(ctx.db, ctx.logger, {
    type: 'profile_name_updated',
    action: 'update',
    user: logUserOf({ ...actor.user, displayName }),
    resource: `users/${uid}`,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return user;
}

/** Emails a fresh 24-hour verification link; earlier links stop working. */
export async function sendVerification(
  ctx: ServerContext,
  user: { uid: string; email: string; name: string },
  deliver: (ctx: ServerContext, message: EmailMessage) => Promise<SendOutcome | void> = sendNow,
): Promise<SendOutcome | void> {
  const token = await issueToken(ctx.db, { uid: user.uid, purpose: 'verify-email', email: user.email.toLowerCase() }, VERIFY_EMAIL_TTL_MS);
  return deliver(ctx, verifyEmailMessage({ to: user.email, name: user.name, link: appLink(ctx.config.publicUrl, '/verify-email', token) }));
}

export async function resendVerification(ctx: ServerContext, user: SessionUser): Promise<string> {
  if (user.emailVerified) throw badRequest(ACCOUNT_TEXTS.alreadyVerified, 'already_verified');
  const { allowed } = await reserveLimit(ctx, 'verificationResends', { uid: user.uid });
  if (!allowed) throw tooManyRequests(ACCOUNT_TEXTS.tooOften);
  const outcome = await sendVerification(ctx, user);
  if (outcome === 'queued') return ACCOUNT_TEXTS.emailDelayed;
  // Without SMTP_URL the link is printed where whoever runs the server sees it: no inbox to check.
  return ctx.config.mail.smtpUrl === null ? ACCOUNT_TEXTS.verificationPrinted : ACCOUNT_TEXTS.verificationSent;
}

/** The link from the verification email; works signed in or not. */
export async function verifyEmail(ctx: ServerContext, token: string): Promise<string> {
  const link = await consumeToken(ctx.db, token, 'verify-email');
  const user = link ? await findUser(ctx.db, link.uid) : null;
  // A link for an address the account no longer uses proves nothing.
  if (!link || !user || user.email.toLowerCase() !== link.email) throw badRequest(ACCOUNT_TEXTS.linkInvalid, 'invalid_link');
  await markEmailVerified(ctx, user.uid);
  return ACCOUNT_TEXTS.emailVerified;
}

async function emailInUse(ctx: ServerContext, email: string): Promise<boolean> {
  return (await authUserWithEmail(ctx.db, email)) !== undefined;
}

/**
 * Sends a confirmation link to the new address; nothing changes until it is opened. An
 * account with a password must give it (a borrowed, signed-in browser is not enough).
 */
export async function requestEmailChange(ctx: ServerContext, actor: Actor, change: EmailChange): Promise<string> {
  const newEmail = change.newEmail.trim().toLowerCase();
  if (newEmail === actor.user.email.toLowerCase()) throw badRequest(ACCOUNT_TEXTS.emailSame, 'same_email');
  await checkCurrentPassword(ctx, actor, change.currentPassword);
  await refuseBlockedEmail(ctx.db, newEmail);
  // Taken before the answer that says an address is taken, so a refused change counts like one
  // asked for and addresses cannot be tested in bulk.
  const { allowed } = await reserveLimit(ctx, 'emailChanges', { uid: actor.user.uid });
  if (!allowed) throw tooManyRequests(ACCOUNT_TEXTS.tooOften);
  if (await emailInUse(ctx, newEmail)) throw conflict(ACCOUNT_TEXTS.emailTaken);
  const token = await issueToken(ctx.db, { uid: actor.user.uid, purpose: 'change-email', email: newEmail }, CHANGE_EMAIL_TTL_MS);
  const outcome = await sendNow(ctx, confirmEmailChangeMessage({ to: newEmail, name: actor.user.name, link: appLink(ctx.config.publicUrl, '/confirm-email', token) }));
  return outcome === 'queued' ? ACCOUNT_TEXTS.emailDelayed : ACCOUNT_TEXTS.emailChangeSent(newEmail);
}

/** The link from the new address: the email changes (verified), and the old address is told. */
export async function confirmEmailChange(ctx: ServerContext, token: string): Promise<string> {
  const link = await consumeToken(ctx.db, token, 'change-email');
  const user = link ? await findUser(ctx.db, link.uid) : null;
  if (!link || !user) throw badRequest(ACCOUNT_TEXTS.linkInvalid, 'invalid_link');
  if (user.email.toLowerCase() === link.email) return ACCOUNT_TEXTS.emailChanged;
  // Blocked since the link was sent: the change does not happen either.
  await refuseBlockedEmail(ctx.db, link.email);
  if (await emailInUse(ctx, link.email)) throw conflict(ACCOUNT_TEXTS.emailTaken);
  try {
    await (await authStore(ctx)).updateUser(user.uid, { email: link.email, emailVerified: true });
  } catch (err) {
    // Another account took the address between the check and the write (a unique index).
    if (await emailInUse(ctx, link.email)) throw conflict(ACCOUNT_TEXTS.emailTaken);
    throw err;
  }
  // better-auth has the address as verified (above); the users record follows, with the event.
  await changeUser(ctx, user.uid, async (trx) => {
    await setUserEmail(trx, user.uid, link.email);
    await setEmailVerified(trx, user.uid, true, ctx.config.adminEmail);
  });
  await sendLater(ctx, emailChangedMessage({ to: user.email, name: user.name, newEmail: link.email, publicUrl: ctx.config.publicUrl }));
  return ACCOUNT_TEXTS.emailChanged;
}

export function unknownProvider(id: string): never {
  throw notFound(`No sign-in provider called ${id}.`);
}
