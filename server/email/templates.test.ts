import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@common/shared/dates';
import { linksIn } from '../test/smtp';
import {
  accountDeletionScheduledMessage,
  appLink,
  confirmEmailChangeMessage,
  emailChangedMessage,
  newSignInMessage,
  passwordChangedMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from './templates';

const PUBLIC_URL = 'https://drabble.example';
const HOSTILE = '<script>alert("x")</script> & Co';

/** Every href in the HTML, unescaped, as a mail client would follow it. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&#38;/g, '&').replace(/&#39;/g, "'"));
}

describe('appLink', () => {
  it('joins the public URL, the path and the encoded token', () => {
    expect(appLink(PUBLIC_URL, '/verify-email', 'a b/c?d&e')).toBe('https://drabble.example/verify-email?token=a%20b%2Fc%3Fd%26e');
    expect(appLink(PUBLIC_URL, '/forgot-password')).toBe('https://drabble.example/forgot-password');
  });
});

describe('email templates', () => {
  const link = appLink(PUBLIC_URL, '/some-path', 'tok&en');
  const withLink = [
    { make: verifyEmailMessage, subject: 'Verify your email address for Drabble', says: /valid for 24 hours/ },
    { make: resetPasswordMessage, subject: 'Reset your Drabble password', says: /valid for 1 hour\. If you didn't ask for this, ignore this email/ },
    { make: confirmEmailChangeMessage, subject: 'Confirm your new email address for Drabble', says: /valid for 24 hours/ },
  ];

  for (const { make, subject, says } of withLink) {
    it(`"${subject}" carries its link in text and HTML`, () => {
      const message = make({ to: 'ada@example.com', name: 'Ada', link });
      expect(message.to).toBe('ada@example.com');
      expect(message.subject).toBe(subject);
      expect(message.text).toMatch(says);
      expect(message.text).toContain('Hi Ada,');
      expect(linksIn(message.text)).toEqual([link]);
      expect(hrefs(message.html)).toContain(link);
      expect(message.html).toContain('https://drabble.example/some-path?token=tok%26en');
    });
  }

  it('tells the old address that the email was changed and how to get the account back', () => {
    const message = emailChangedMessage({ to: 'old@example.com', name: 'Ada', newEmail: 'new@example.com', publicUrl: PUBLIC_URL });
    expect(message.to).toBe('old@example.com');
    expect(message.subject).toBe('Your Drabble email address was changed');
    expect(message.text).toContain('from old@example.com to new@example.com');
    expect(message.text).toContain('"Forgot password"');
    expect(linksIn(message.text)).toEqual(['https://drabble.example/forgot-password']);
    expect(hrefs(message.html)).toEqual(['https://drabble.example/forgot-password']);
  });

  it('tells that the password was changed and where to reset it', () => {
    const message = passwordChangedMessage({ to: 'ada@example.com', name: 'Ada', publicUrl: PUBLIC_URL });
    expect(message.subject).toBe('Your Drabble password was changed');
    expect(message.text).toContain("If it wasn't you, reset your password");
    expect(linksIn(message.text)).toEqual(['https://drabble.example/forgot-password']);
    expect(hrefs(message.html)).toEqual(['https://drabble.example/forgot-password']);
  });

  describe('"New sign-in"', () => {
    const signIn = (place: string | null) =>
      newSignInMessage({ to: 'ada@example.com', name: 'Ada', when: '27 November 2026 at 09:10 UTC', browser: 'Chrome on macOS', address: '193.136.0.1', place, publicUrl: PUBLIC_URL });

    it('names the approximate place, and credits the data it came from in text and HTML', () => {
      const message = signIn('Portugal');
      expect(message.subject).toBe('New sign-in to your Drabble account');
      expect(message.text).toContain('Time: 27 November 2026 at 09:10 UTC\n\nBrowser: Chrome on macOS\n\nAddress: 193.136.0.1\n\nPlace: Portugal (approximate, from the address)\n\n');
      expect(message.html).toContain('>Place: Portugal (approximate, from the address)</p>');
      expect(message.text).toContain('Place from IP Geolocation by DB-IP: https://db-ip.com');
      expect(linksIn(message.text)).toEqual(['https://drabble.example/settings#sessions', 'https://db-ip.com']);
      expect(hrefs(message.html)).toEqual(['https://drabble.example/settings#sessions', 'https://db-ip.com']);
    });

    it('says the place is unknown, and credits no data, when the address names none', () => {
      const message = signIn(null);
      expect(message.text).toContain('Address: 193.136.0.1\n\nPlace: unknown\n\n');
      expect(message.html).toContain('>Place: unknown</p>');
      expect(message.text).not.toContain('DB-IP');
      expect(hrefs(message.html)).toEqual(['https://drabble.example/settings#sessions']);
    });
  });

  it('escapes every value it puts into the HTML', () => {
    const messages = [
      verifyEmailMessage({ to: 'ada@example.com', name: HOSTILE, link: 'https://drabble.example/x?token="><script>' }),
      resetPasswordMessage({ to: 'ada@example.com', name: HOSTILE, link }),
      confirmEmailChangeMessage({ to: 'ada@example.com', name: HOSTILE, link }),
      emailChangedMessage({ to: 'ada@example.com', name: HOSTILE, newEmail: '"<b>"@example.com', publicUrl: PUBLIC_URL }),
      passwordChangedMessage({ to: 'ada@example.com', name: HOSTILE, publicUrl: PUBLIC_URL }),
      newSignInMessage({ to: 'ada@example.com', name: HOSTILE, when: 'now', browser: '<b>', address: '<b>', place: '<b>', publicUrl: PUBLIC_URL }),
    ];
    for (const message of messages) {
      expect(message.html).not.toContain('<script');
      expect(message.html).not.toContain('<b>');
      expect(message.html).toContain('Hi &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co,');
      // The plain text is not HTML: the name stays as typed.
      expect(message.text).toContain(`Hi ${HOSTILE},`);
    }
  });

  it('greets someone without a name', () => {
    expect(verifyEmailMessage({ to: 'ada@example.com', name: '  ', link }).text).toMatch(/^Hi,\n/);
  });
});

describe('dates in emails', () => {
  // 23:30 in London on the 24th is already the 25th in Berlin and still the 24th in Los Angeles.
  const deleteAfter = new Date('2026-12-24T23:30:00.000Z');
  const mail = (locale: string | null, timeZone: string | null) =>
    accountDeletionScheduledMessage({ to: 'ada@example.com', name: 'Ada', deleteAfter, publicUrl: PUBLIC_URL, locale, timeZone });

  it('writes the day as the app does: the reader’s locale, in the reader’s zone, the long date', () => {
    expect(mail('en-US', 'America/Los_Angeles').subject).toBe('Your Drabble account will be deleted on December 24, 2026');
    expect(mail('en-GB', 'Europe/London').subject).toBe('Your Drabble account will be deleted on 24 December 2026');
    expect(mail('de-DE', 'Europe/Berlin').subject).toBe('Your Drabble account will be deleted on 25. Dezember 2026');
    // The same function as the web's deletion screen, with the browser's locale and zone.
    expect(mail('fr-FR', 'Europe/Paris').text).toContain(formatLongDate(deleteAfter, { locale: 'fr-FR', timeZone: 'Europe/Paris' }));
  });

  it('falls back to US English and UTC when the locale or zone is unknown', () => {
    expect(mail(null, null).subject).toBe('Your Drabble account will be deleted on December 24, 2026');
    expect(mail('not a locale', 'Atlantis/Capital').subject).toBe('Your Drabble account will be deleted on December 24, 2026');
  });
});
