import { TOO_OFTEN } from '../shared/too-often';

/**
 * The account texts on their own, without the account schemas: screens that only show the
 * words (the verification banner, the sign-in screens' messages) need not load zod for them.
 */

/** Texts the issue fixes; the server and the web use them verbatim. */
export const ACCOUNT_TEXTS = {
  forgotAnswer: "If an account exists for that address, we've sent a link to reset the password.",
  invalidCredentials: 'Incorrect email or password.',
  accountLocked:
    'Too many failed sign-in attempts on this account today. To sign in, choose a new password with the link we email to its address (use "Forgot password?" if it has not arrived).',
  providerAccountExists: (provider: string) =>
    `An account with this email already exists. Sign in with your password, then connect ${provider} in Settings.`,
  resendVerification: 'Resend verification email',
  tooOften: TOO_OFTEN,
  verifyBanner: (email: string) => `Please verify your email address. We sent a link to ${email}.`,
  /** The banner when the server sends no email (no SMTP_URL): the link is where whoever runs it can see it. */
  verifyBannerPrinted: (email: string) => `Please verify your email address. This server does not send email: the link for ${email} is in the server's output.`,
  forgotAnswerPrinted: "This server does not send email: if an account exists for that address, the link to reset the password is in the server's output.",
  verificationSent: 'Verification email sent. Check your inbox.',
  /** A resend on a server that sends no email (no SMTP_URL). */
  verificationPrinted: "This server does not send email: the new link is in the server's output.",
  emailVerified: 'Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  linkInvalid: 'This link is invalid or has expired.',
  nameUpdated: 'Display name updated!',
  emailChangeSent: (email: string) => `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  emailChanged: 'Your email address has been changed.',
  /** The mail server refused or did not answer; the email is queued and retried for a day. */
  emailDelayed: "We couldn't send the email just yet. We'll keep trying, so it should arrive shortly.",
  emailSame: 'That is already your email address.',
  emailTaken: 'An account with this email already exists.',
  passwordRequired: 'Please enter your current password.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordChanged: 'Password changed. Other sessions have been signed out.',
  passwordReset: 'Your password has been reset. You are signed in.',
  setPasswordSent: (email: string) => `We sent a link to ${email} to set a password.`,
  providerDisconnected: (provider: string) => `${provider} disconnected.`,
  providerNotConnected: (provider: string) => `${provider} is not connected.`,
  lastSignInMethod: "You can't remove your only way to sign in. Set a password or connect another account first.",
  sessionRevoked: 'Signed out of that session.',
  otherSessionsRevoked: 'Signed out of all other sessions.',
  sessionNotFound: 'That session was not found.',
} as const;
