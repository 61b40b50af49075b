import { describe, expect, it } from 'vitest';
import {
  ABOUT_ME_HINT,
  aboutMeSchema,
  aboutMeUpdateSchema,
  counterText,
  detailsUpdateSchema,
  handleProblem,
  handleSchema,
  locationSchema,
  normalizeAboutMe,
  normalizeHandle,
  normalizeLine,
  normalizeWebsite,
  profileIconUpdateSchema,
  PRONOUNS_HINT,
  pronounsSchema,
  pronounsUpdateSchema,
  socialUrl,
  textLength,
  websiteProblem,
  websiteSchema,
} from './profile';

/** The first message a schema gives for a value, or null when the value is accepted. */
function problemOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
}

describe('hints and counters', () => {
  it('uses the spec texts exactly', () => {
    expect(PRONOUNS_HINT).toBe('Max 50 characters');
    expect(ABOUT_ME_HINT).toBe('Visible to all users. Max 300 characters.');
    expect(counterText(7, 50)).toBe('7/50');
    expect(counterText(0, 300)).toBe('0/300');
  });
});

describe('pronouns', () => {
  it('trims, collapses whitespace and refuses control characters', () => {
    expect(pronounsSchema.parse('  she /  her  ')).toBe('she / her');
    expect(pronounsSchema.parse('they\n/them')).toBe('they /them');
    expect(problemOf(pronounsSchema, 'he\u0000/him')).toBe('Pronouns contain characters that are not allowed.');
    expect(normalizeLine('\t a \u0007 b ')).toBe('a b');
  });

  it('accepts 50 characters and refuses 51', () => {
    expect(pronounsSchema.parse('x'.repeat(50))).toHaveLength(50);
    expect(problemOf(pronounsSchema, 'x'.repeat(51))).toBe('Pronouns must be at most 50 characters.');
  });

  it('counts the limit after trimming', () => {
    expect(pronounsSchema.parse(`  ${'x'.repeat(50)}  `)).toHaveLength(50);
  });

  it('clears with an empty or blank value', () => {
    expect(pronounsSchema.parse('')).toBe('');
    expect(pronounsSchema.parse('   ')).toBe('');
  });

  it('refuses what is not text', () => {
    expect(problemOf(pronounsSchema, 42)).toBe('Pronouns must be text.');
    expect(problemOf(pronounsSchema, null)).toBe('Pronouns must be text.');
  });
});

describe('About Me', () => {
  it('keeps line breaks, normalises CRLF and trims the ends', () => {
    expect(aboutMeSchema.parse('  Hello\r\n\r\nWorld  \n')).toBe('Hello\n\nWorld');
    expect(normalizeAboutMe('a\rb\u000bc\td')).toBe('a\nbc\td');
  });

  it('accepts 300 characters and refuses 301', () => {
    expect(aboutMeSchema.parse('a'.repeat(300))).toHaveLength(300);
    expect(problemOf(aboutMeSchema, 'a'.repeat(301))).toBe('About Me must be at most 300 characters.');
  });

  it('counts an emoji as one character, like the counter', () => {
    expect(textLength('😀é')).toBe(2);
    expect(problemOf(aboutMeSchema, '😀'.repeat(300))).toBeNull();
    expect(problemOf(aboutMeSchema, '😀'.repeat(301))).toBe('About Me must be at most 300 characters.');
  });
});

describe('location', () => {
  it('is one trimmed line of at most 100 characters', () => {
    expect(locationSchema.parse('  Lyon,\n France ')).toBe('Lyon, France');
    expect(locationSchema.parse('l'.repeat(100))).toHaveLength(100);
    expect(problemOf(locationSchema, 'l'.repeat(101))).toBe('Location must be at most 100 characters.');
  });
});

describe('website', () => {
  it('puts https:// in front of an address without a scheme', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('  www.example.com/me ')).toBe('https://www.example.com/me');
    expect(normalizeWebsite('//example.com')).toBe('https://example.com');
    expect(normalizeWebsite('example.com:8080/x')).toBe('https://example.com:8080/x');
  });

  it('keeps http and https addresses as written', () => {
    expect(websiteSchema.parse('http://example.com')).toBe('http://example.com');
    expect(websiteSchema.parse('HTTPS://Example.com/Path?q=1#top')).toBe('HTTPS://Example.com/Path?q=1#top');
  });

  it('clears with an empty value', () => {
    expect(websiteSchema.parse('')).toBe('');
    expect(websiteSchema.parse('  ')).toBe('');
  });

  it('refuses other schemes instead of prefixing them', () => {
    const message = 'Website must be a web address starting with http:// or https://.';
    for (const value of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:void(0)', 'ftp://example.com', 'mailto:a@example.com', 'data:text/html,hi', 'http:example.com']) {
      expect(problemOf(websiteSchema, value), value).toBe(message);
    }
  });

  it('refuses spaces, control characters, credentials and hosts without a dot', () => {
    expect(problemOf(websiteSchema, 'example .com')).toBe('Website cannot contain spaces.');
    expect(problemOf(websiteSchema, 'java\nscript:alert(1)')).toBe('Website cannot contain spaces.');
    expect(problemOf(websiteSchema, 'https://user:pw@example.com')).toBe('Website cannot contain a user name or password.');
    expect(problemOf(websiteSchema, 'localhost')).toBe('Please enter a valid web address, such as https://example.com.');
    expect(problemOf(websiteSchema, 'https://')).toBe('Please enter a valid web address, such as https://example.com.');
    expect(problemOf(websiteSchema, 'https://exa_mple..com.')).not.toBeNull();
  });

  it('applies the 200-character limit to the stored value, saying when https:// pushed it over', () => {
    const host = `${'a'.repeat(63)}.com`;
    const path = (n: number) => `/${'p'.repeat(n - 1)}`;
    const exact = `https://${host}${path(200 - 8 - host.length)}`;
    expect(exact).toHaveLength(200);
    expect(websiteSchema.parse(exact)).toBe(exact);
    expect(problemOf(websiteSchema, `${exact}x`)).toBe('Website must be at most 200 characters.');
    // 199 characters typed without a scheme: 207 once https:// is added.
    const typed = `${host}${path(199 - host.length)}`;
    expect(typed).toHaveLength(199);
    expect(problemOf(websiteSchema, typed)).toBe('Website must be at most 200 characters (including the https:// added in front).');
    expect(websiteProblem(`https://${typed}`, true)).toMatch(/including the https:\/\//);
  });
});

describe('social handles', () => {
  it('strips one leading @ from Bluesky and X only', () => {
    expect(normalizeHandle('bluesky', ' @ada.bsky.social ')).toBe('ada.bsky.social');
    expect(normalizeHandle('xcom', '@ada_l')).toBe('ada_l');
    expect(normalizeHandle('xcom', '@@ada')).toBe('@ada');
    expect(normalizeHandle('reddit', '@ada')).toBe('@ada');
  });

  it('strips a leading u/ or /u/ from Reddit only, in any case', () => {
    expect(normalizeHandle('reddit', 'u/spez')).toBe('spez');
    expect(normalizeHandle('reddit', '/u/spez')).toBe('spez');
    expect(normalizeHandle('reddit', 'U/spez')).toBe('spez');
    expect(normalizeHandle('bluesky', 'u/spez')).toBe('u/spez');
    expect(normalizeHandle('reddit', 'user/spez')).toBe('user/spez');
  });

  it('accepts letters, digits, dots, hyphens and underscores', () => {
    expect(handleSchema('bluesky').parse('@ada-l.bsky.social')).toBe('ada-l.bsky.social');
    expect(handleSchema('xcom').parse('Ada_Lovelace_1815')).toBe('Ada_Lovelace_1815');
    expect(handleSchema('reddit').parse('/u/ada-lovelace')).toBe('ada-lovelace');
  });

  it('refuses spaces and other characters with a message naming the network', () => {
    expect(problemOf(handleSchema('xcom'), 'ada lovelace')).toBe('X handle cannot contain spaces.');
    expect(problemOf(handleSchema('bluesky'), 'ada/../x')).toBe('Bluesky handle can only contain letters, numbers, dots, hyphens and underscores.');
    expect(problemOf(handleSchema('reddit'), '@spez')).toBe('Reddit handle can only contain letters, numbers, dots, hyphens and underscores.');
    expect(handleProblem('xcom', '')).toBeNull();
  });

  it('applies the 100-character limit after stripping', () => {
    expect(handleSchema('xcom').parse(`@${'a'.repeat(100)}`)).toHaveLength(100);
    expect(problemOf(handleSchema('xcom'), 'a'.repeat(101))).toBe('X handle must be at most 100 characters.');
    expect(handleSchema('reddit').parse(`u/${'a'.repeat(100)}`)).toHaveLength(100);
  });

  it('links each network’s profile page', () => {
    expect(socialUrl('bluesky', 'ada.bsky.social')).toBe('https://bsky.app/profile/ada.bsky.social');
    expect(socialUrl('xcom', 'ada')).toBe('https://x.com/ada');
    expect(socialUrl('reddit', 'spez')).toBe('https://www.reddit.com/user/spez');
  });
});

describe('request bodies', () => {
  it('take one of the 20 icons and nothing else', () => {
    expect(profileIconUpdateSchema.parse({ profileIcon: 'Feather' })).toEqual({ profileIcon: 'Feather' });
    expect(problemOf(profileIconUpdateSchema, { profileIcon: 'Skull' })).toBe('Please choose one of the profile icons.');
    expect(problemOf(profileIconUpdateSchema, {})).toBe('Please choose one of the profile icons.');
  });

  it('refuse unknown keys such as a forged uid', () => {
    expect(problemOf(pronounsUpdateSchema, { pronouns: 'she/her', uid: 'someone-else' })).toMatch(/uid/);
    expect(problemOf(aboutMeUpdateSchema, { aboutMe: 'hi', email: 'x@example.com' })).toMatch(/email/);
  });

  it('normalise the five details together', () => {
    expect(
      detailsUpdateSchema.parse({ location: ' Paris ', website: 'example.com', bluesky: '@a.bsky.social', xcom: '@a', reddit: 'u/a' }),
    ).toEqual({ location: 'Paris', website: 'https://example.com', bluesky: 'a.bsky.social', xcom: 'a', reddit: 'a' });
  });

  it('need all five details', () => {
    expect(problemOf(detailsUpdateSchema, { location: 'Paris' })).not.toBeNull();
  });
});
