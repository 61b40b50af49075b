import { formatLongDate } from '@common/shared/dates';
import type { EmailMessage } from './mailer';

/**
 * The emails Drabble sends, as pure functions: plain text (read by some clients, and the
 * one written to the log when no SMTP server is configured) and the same words as simple
 * HTML with inline styles, since mail clients drop style sheets.
 */

const APP = 'Drabble';

/** A link into the web app; the token, when there is one, travels in the query string. */
export function appLink(publicUrl: string, path: string, token?: string): string {
  const base = `${publicUrl.replace(/\/+$/, '')}${path}`;
  return token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`;
}

const forgotPasswordLink = (publicUrl: string) => appLink(publicUrl, '/forgot-password');

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "Hi Ada," — or just "Hi," for someone who left their name empty. */
function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

/** A paragraph: text, and links that the HTML version makes clickable (never guessed from the text, which may hold a user's name). */
type Paragraph = string | Array<string | { link: string }>;

/** One email's content; the optional button's link is also written out in full so it can be copied. */
interface Content {
  to: string;
  subject: string;
  name: string;
  paragraphs: Paragraph[];
  action?: { label: string; link: string };
  /** Said after the button, e.g. how long the link works and what to do if it was not you. */
  after: Paragraph[];
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f6f4ef;font-family:Georgia,\'Times New Roman\',serif;color:#1f1d1a;',
  card: 'max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:bold;letter-spacing:0.02em;',
  p: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  button: 'display:inline-block;padding:12px 20px;background:#1f1d1a;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;',
  small: 'margin:0 0 16px;font-size:13px;line-height:1.5;color:#5c5750;word-break:break-all;',
  link: 'color:#1f1d1a;',
} as const;

const parts = (paragraph: Paragraph) => (typeof paragraph === 'string' ? [paragraph] : paragraph);

const asText = (paragraph: Paragraph) => parts(paragraph).map((part) => (typeof part === 'string' ? part : part.link)).join('');

const anchor = (link: string, style = '') => `<a href="${escapeHtml(link)}"${style ? ` style="${style}"` : ''}>${escapeHtml(link)}</a>`;

function asHtml(paragraph: Paragraph, style: string = STYLE.p): string {
  const inner = parts(paragraph)
    .map((part) => (typeof part === 'string' ? escapeHtml(part) : anchor(part.link, STYLE.link)))
    .join('');
  return `<p style="${style}">${inner}</p>`;
}

function render(c: Content): EmailMessage {
  const text = [greeting(c.name), ...c.paragraphs.map(asText)];
  if (c.action) text.push(`${c.action.label}:\n${c.action.link}`);
  text.push(...c.after.map(asText), `— ${APP}`);

  const button = c.action
    ? [
        `<p style="${STYLE.p}"><a href="${escapeHtml(c.action.link)}" style="${STYLE.button}">${escapeHtml(c.action.label)}</a></p>`,
        asHtml(['Or copy this link into your browser: ', { link: c.action.link }], STYLE.small),
      ]
    : [];
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${APP}</p>`,
    asHtml(greeting(c.name)),
    ...c.paragraphs.map((paragraph) => asHtml(paragraph)),
    ...button,
    ...c.after.map((paragraph) => asHtml(paragraph)),
    '</div></body></html>',
  ].join('\n');

  return { to: c.to, subject: c.subject, text: `${text.join('\n\n')}\n`, html };
}

export function verifyEmailMessage(o: { to: string; name: string; link: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Verify your email address for ${APP}`,
    paragraphs: [`Please confirm that ${o.to} is your email address.`],
    action: { label: 'Verify email address', link: o.link },
    after: [`The link is valid for 24 hours. If you didn't create a ${APP} account, you can ignore this email.`],
  });
}

export function resetPasswordMessage(o: { to: string; name: string; link: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Reset your ${APP} password`,
    paragraphs: [`Someone asked to reset the password of the ${APP} account for ${o.to}.`],
    action: { label: 'Choose a new password', link: o.link },
    after: ["The link is valid for 1 hour. If you didn't ask for this, ignore this email: your password stays as it is."],
  });
}

/** The account reached its daily cap of failed password checks: the reset link is now the way in. */
export function accountLockedMessage(o: { to: string; name: string; failures: number; link: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Too many sign-in attempts on your ${APP} account`,
    paragraphs: [
      `Someone entered a wrong password for the ${APP} account for ${o.to} ${o.failures} times in the last 24 hours, so signing in with the password is paused for this account until the day is over.`,
      'To sign in now, choose a new password with the link below. If these attempts were not yours, someone may be guessing your password: a new one that you use nowhere else keeps them out.',
    ],
    action: { label: 'Choose a new password', link: o.link },
    after: ['The link is valid for 1 hour. Signing in with Google or Microsoft, when connected, still works.'],
  });
}

/** Sent to the new address, which must prove it is theirs before the change takes effect. */
export function confirmEmailChangeMessage(o: { to: string; name: string; link: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Confirm your new email address for ${APP}`,
    paragraphs: [`Please confirm that you want to use ${o.to} for your ${APP} account from now on.`],
    action: { label: 'Confirm new email address', link: o.link },
    after: [`The link is valid for 24 hours. Until you confirm, your account keeps its current address. If you didn't ask for this, ignore this email.`],
  });
}

/** Sent to the old address, so a hijacked account does not change hands silently. */
export function emailChangedMessage(o: { to: string; name: string; newEmail: string; publicUrl: string }): EmailMessage {
  const forgot = forgotPasswordLink(o.publicUrl);
  return render({
    to: o.to,
    name: o.name,
    subject: `Your ${APP} email address was changed`,
    paragraphs: [`The email address of your ${APP} account was changed from ${o.to} to ${o.newEmail}.`, 'If you made this change, there is nothing to do.'],
    after: [
      [
        "If it wasn't you, someone else may have your password. Use \"Forgot password\" at ",
        { link: forgot },
        ` to choose a new one right away, and contact the people who run this ${APP} site if you can no longer sign in.`,
      ],
    ],
  });
}

export function passwordChangedMessage(o: { to: string; name: string; publicUrl: string }): EmailMessage {
  const forgot = forgotPasswordLink(o.publicUrl);
  return render({
    to: o.to,
    name: o.name,
    subject: `Your ${APP} password was changed`,
    paragraphs: [`The password of your ${APP} account (${o.to}) was just changed.`, 'If you made this change, there is nothing to do.'],
    // The link ends the sentence without a full stop, which some mail clients would take into the link.
    after: [["If it wasn't you, reset your password right away: ", { link: forgot }]],
  });
}

/**
 * A notification email: who did what, a link to it, and a one-click way to stop
 * this type of email. Plain and short: a comment's opening words at most, never anyone's
 * address.
 */
export function notificationEmailMessage(o: {
  to: string;
  name: string;
  subject: string;
  /** What happened, e.g. 'Ada commented on your story "Rain": "So good…"'. */
  summary: string;
  action: { label: string; link: string };
  /** The page that turns this type of email off. */
  unsubscribeLink: string;
  /** What the unsubscribe link stops, e.g. 'emails about comments on your stories'. */
  unsubscribeWhat: string;
}): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: o.subject,
    paragraphs: [o.summary],
    action: o.action,
    after: [
      `You get this email because you were not on ${APP} when it happened. You can change which emails you get in Settings.`,
      [`To stop ${o.unsubscribeWhat}: `, { link: o.unsubscribeLink }],
    ],
  });
}

/**
 * The person asked to delete their account. When it goes, where to download their
 * data first, and how to change their mind.
 */
export function accountDeletionScheduledMessage(o: {
  to: string;
  name: string;
  deleteAfter: Date;
  publicUrl: string;
  /** The reader's language and time zone, as their browser gave them: the date reads as the app shows it. */
  locale: string | null;
  timeZone: string | null;
}): EmailMessage {
  const date = formatLongDate(o.deleteAfter, { locale: o.locale ?? 'en-US', timeZone: o.timeZone ?? 'UTC' });
  return render({
    to: o.to,
    name: o.name,
    subject: `Your ${APP} account will be deleted on ${date}`,
    paragraphs: [
      `Your ${APP} account (${o.to}) is deactivated: you were signed out everywhere, and your profile and stories are hidden. It will be deleted for good on ${date}.`,
      'Before then you can download everything you wrote. Sign in and choose "Download everything":',
    ],
    action: { label: 'Download everything', link: appLink(o.publicUrl, '/settings#your-data') },
    after: [
      `Changed your mind? Sign in before ${date} and choose "Cancel deletion": everything comes back as it was.`,
      "If you didn't ask for this, sign in and cancel the deletion, then change your password.",
    ],
  });
}

/** Approval mode: an admin approved the sign-up; the account works from now on. */
export function accountApprovedMessage(o: { to: string; name: string; publicUrl: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Your ${APP} account was approved`,
    paragraphs: [`Good news: your ${APP} account (${o.to}) was approved. You can sign in and start writing now.`],
    action: { label: `Open ${APP}`, link: appLink(o.publicUrl, '/') },
    after: [],
  });
}

/** Approval mode: an admin declined the sign-up; the account and what it held are deleted. */
export function accountDeclinedMessage(o: { to: string; name: string }): EmailMessage {
  return render({
    to: o.to,
    name: o.name,
    subject: `Your ${APP} sign-up was not approved`,
    paragraphs: [
      `Thank you for your interest in ${APP}. The people who run this site did not approve the account for ${o.to}, so it has been deleted along with anything it held.`,
    ],
    after: ["If you think this was a mistake, contact the people who run this site."],
  });
}

/** Two-factor sign-in was turned on or off: sent to the account's address either way. */
export function twoFactorChangedMessage(o: { to: string; name: string; enabled: boolean; publicUrl: string }): EmailMessage {
  const settings = appLink(o.publicUrl, '/settings#two-factor');
  return render({
    to: o.to,
    name: o.name,
    subject: o.enabled ? `Two-factor sign-in is on for your ${APP} account` : `Two-factor sign-in was turned off for your ${APP} account`,
    paragraphs: [
      o.enabled
        ? `Two-factor sign-in was turned on for your ${APP} account (${o.to}). From now on, signing in with your password also asks for a code from your authenticator app, or one of your recovery codes.`
        : `Two-factor sign-in was turned off for your ${APP} account (${o.to}). Signing in now needs only your password.`,
      'If you made this change, there is nothing to do.',
    ],
    after: [["If it wasn't you, reset your password right away, then check your settings: ", { link: settings }]],
  });
}

/** A passkey was added to the account: it signs in without the password or a code. */
export function passkeyAddedMessage(o: { to: string; name: string; passkey: string; publicUrl: string }): EmailMessage {
  const settings = appLink(o.publicUrl, '/settings#passkeys');
  return render({
    to: o.to,
    name: o.name,
    subject: `A passkey was added to your ${APP} account`,
    paragraphs: [
      `A passkey named "${o.passkey}" was added to your ${APP} account (${o.to}). It signs in to the account without your password or a two-factor code.`,
      'If you added it, there is nothing to do.',
    ],
    after: [["If it wasn't you, remove it and reset your password right away: ", { link: settings }]],
  });
}

/** DB-IP's licence (CC BY 4.0) asks for this link wherever a place it gave is shown. */
const PLACE_DATA_CREDIT = { label: 'IP Geolocation by DB-IP', link: 'https://db-ip.com' } as const;

/**
 * Someone signed in from a browser and address the account had not signed in from before. The
 * place is the address's country, looked up offline (server/auth/place.ts); null when the
 * address names none (a private one, or not in the data).
 */
export function newSignInMessage(o: {
  to: string;
  name: string;
  when: string;
  browser: string;
  address: string;
  place: string | null;
  publicUrl: string;
}): EmailMessage {
  const sessions = appLink(o.publicUrl, '/settings#sessions');
  return render({
    to: o.to,
    name: o.name,
    subject: `New sign-in to your ${APP} account`,
    paragraphs: [
      `Your ${APP} account (${o.to}) was just signed in to from a browser and address it had not used before:`,
      `Time: ${o.when}`,
      `Browser: ${o.browser}`,
      `Address: ${o.address}`,
      `Place: ${o.place === null ? 'unknown' : `${o.place} (approximate, from the address)`}`,
      'If this was you, there is nothing to do.',
    ],
    after: [
      ["If it wasn't you, sign that session out and change your password: ", { link: sessions }],
      ...(o.place === null ? [] : [[`Place from ${PLACE_DATA_CREDIT.label}: `, { link: PLACE_DATA_CREDIT.link }]]),
    ],
  });
}

/** A story as the weekly digest lists it. */
export interface DigestStoryLine {
  title: string;
  author: string;
  link: string;
}

/**
 * The weekly digest (server/features/digest): what is new for the reader since the last one, in
 * sections that are left out when empty, each story on a line with its link; the prompt and the
 * contest always. One-click unsubscribe and a link to the settings at the foot.
 */
export function weeklyDigestMessage(o: {
  to: string;
  name: string;
  subject: string;
  prompt: string;
  contest: { title: string; what: string; link: string } | null;
  results: { title: string; link: string } | null;
  sections: Array<{ heading: string; stories: DigestStoryLine[]; more: number }>;
  replies: { summary: string; link: string } | null;
  settingsLink: string;
  unsubscribeLink: string;
}): EmailMessage {
  const paragraphs: Paragraph[] = [`Here is your week on ${APP}.`, `Today's prompt: ${o.prompt}`];
  if (o.contest) paragraphs.push([`${o.contest.title}: ${o.contest.what} `, { link: o.contest.link }]);
  if (o.results) paragraphs.push([`The results of ${o.results.title} are out: `, { link: o.results.link }]);
  for (const section of o.sections) {
    paragraphs.push(`${section.heading}:`);
    for (const story of section.stories) paragraphs.push([`"${story.title}" by ${story.author} `, { link: story.link }]);
    if (section.more > 0) paragraphs.push(`…and ${section.more} more.`);
  }
  if (o.replies) paragraphs.push([`${o.replies.summary} `, { link: o.replies.link }]);
  return render({
    to: o.to,
    name: o.name,
    subject: o.subject,
    paragraphs,
    after: [
      ['You get this email because you switched on the weekly digest. Choose its day and hour in Settings: ', { link: o.settingsLink }],
      ['To stop the weekly digest: ', { link: o.unsubscribeLink }],
    ],
  });
}
