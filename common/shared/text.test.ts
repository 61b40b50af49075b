import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isAllowedText, lenientText, normalizeLineBreaks, notAllowedMessage, replaceDisallowedText, requiredText, safeText } from './text';
import { communityQuerySchema, commentCreateSchema, pageQuerySchema, storyCreateSchema, storyTextSchema, titleSchema } from '../stories/story';
import { featureRequestInputSchema } from '../feature-requests/feature-requests';
import { displayNameSchema } from '../account/account';
import { oauthCallbackQuerySchema, oauthStartSchema, signUpSchema } from './api';
import { aboutMeSchema, locationSchema, pronounsSchema } from '../profile/profile';
import { clientLogSchema } from '../logs/client-log';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const REFUSED = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\t' && c !== '\n' && c !== '\r'),
  '\u007f', '\u0085', '\u009f', '\ud800', '\udfff', 'a\udc00b', '\ud83d',
];

describe('the text rule', () => {
  it('allows tab, line feed and ordinary Unicode, including emoji, accents and direction marks', () => {
    for (const text of ['plain', 'tab\there', 'two\nlines', 'Café', '👩‍👩‍👧‍👦 🏳️‍🌈', 'e\u0301', 'עברית \u200f', '\u202eevil', 'zero\u200bwidth', '\u00a0', '']) {
      expect(isAllowedText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL, the other C0 and C1 controls, DEL and lone surrogates', () => {
    for (const c of REFUSED) expect(isAllowedText(`a${c}b`), JSON.stringify(c)).toBe(false);
  });

  it('stores line breaks as LF', () => {
    expect(normalizeLineBreaks('a\r\nb\rc\n')).toBe('a\nb\nc\n');
    expect(safeText('Text').parse('one\r\ntwo\r')).toBe('one\ntwo\n');
  });

  it('names the field in its message', () => {
    expect(messageOf(safeText('Title'), 'a\u0000b')).toBe('Title contains characters that are not allowed.');
    expect(notAllowedMessage('Pronouns', 'contain')).toBe('Pronouns contain characters that are not allowed.');
    expect(messageOf(safeText('Title'), 42)).toBe('Title must be text.');
  });

  it('replaces instead of refusing where text must never be lost', () => {
    expect(replaceDisallowedText('a\u0000b\r\nc\ud800')).toBe('a\ufffdb\nc\ufffd');
    expect(lenientText('message').parse('x\u0007')).toBe('x\ufffd');
  });
});

describe('every user-supplied text field follows it', () => {
  const cases: Array<[string, z.ZodType, (bad: string) => unknown, string]> = [
    ['story title', titleSchema, (t) => t, 'Title contains characters that are not allowed.'],
    ['story text', storyTextSchema, (t) => t, 'Your story contains characters that are not allowed.'],
    ['new story', storyCreateSchema, (t) => ({ title: t, content: 'ok' }), 'Title contains characters that are not allowed.'],
    ['comment', commentCreateSchema, (t) => ({ text: t }), 'Your comment contains characters that are not allowed.'],
    ['feature request', featureRequestInputSchema, (t) => ({ text: t }), 'Your suggestion contains characters that are not allowed.'],
    ['display name', displayNameSchema, (t) => t, 'Display name contains characters that are not allowed.'],
    ['sign-up name', signUpSchema, (t) => ({ email: 'a@example.com', password: 'long enough', name: t }), 'Display name contains characters that are not allowed.'],
    ['about me', aboutMeSchema, (t) => t, 'About Me contains characters that are not allowed.'],
    ['pronouns', pronounsSchema, (t) => t, 'Pronouns contain characters that are not allowed.'],
    ['location', locationSchema, (t) => t, 'Location contains characters that are not allowed.'],
    ['search', communityQuerySchema, (t) => ({ q: t }), 'Search text contains characters that are not allowed.'],
  ];

  it.each(cases)('%s', (_name, schema, wrap, message) => {
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\ud800b']) expect(messageOf(schema, wrap(bad))).toBe(message);
    expect(schema.safeParse(wrap('Fine,\ttext\r\nwith lines')).success).toBe(true);
  });

  it('keeps CRLF out of stored stories', () => {
    expect(storyTextSchema.parse('one\r\ntwo\r\n')).toBe('one\ntwo');
  });

  it('keeps a log event, with the refused characters replaced', () => {
    const event = clientLogSchema.parse({ type: 'client_error', message: 'bad\u0000byte', stack: 'at x\r\n', action: '\u0007', resource: '/x\ud800' });
    expect(event).toMatchObject({ message: 'bad\ufffdbyte', stack: 'at x\n', action: '\ufffd', resource: '/x\ufffd' });
  });

  it('refuses log details nested too deeply for the server to measure', () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
    expect(messageOf(clientLogSchema, { type: 'x', details: { deep } })).toBe('details are nested too deeply');
  });
});

describe('query values are bounded', () => {
  it('takes page sizes as digits within 1–50; empty means the default', () => {
    expect(pageQuerySchema.parse({ limit: '7' }).limit).toBe(7);
    expect(pageQuerySchema.parse({ limit: '' }).limit).toBe(20);
    for (const limit of ['0', '51', '-1', '1e1', '0x10', ' 5', 'NaN', 'Infinity', '5.5', '99999999999999999999', '１']) {
      expect(messageOf(pageQuerySchema, { limit }), limit).toBe('limit must be a whole number from 1 to 50.');
    }
  });

  it('takes cursors as bounded base64url; empty means none', () => {
    expect(pageQuerySchema.parse({ cursor: 'eyJrIjoibmV3ZXN0In0' }).cursor).toBe('eyJrIjoibmV3ZXN0In0');
    expect(pageQuerySchema.parse({ cursor: '' }).cursor).toBeUndefined();
    for (const cursor of ['a\u0000', 'a b', '../x', '=', 'x'.repeat(201)]) {
      expect(messageOf(pageQuerySchema, { cursor }), cursor).toBe('This list has changed. Please reload it.');
    }
  });

  it('takes an author as a user id', () => {
    expect(communityQuerySchema.parse({ author: 'Ab_-9' }).author).toBe('Ab_-9');
    expect(communityQuerySchema.parse({ author: '' }).author).toBeUndefined();
    for (const author of ['\u0000', 'a b', 'x'.repeat(65), '../']) expect(messageOf(communityQuerySchema, { author })).toBe('Unknown writer.');
  });
});

describe('what better-auth would copy into a redirect', () => {
  it('takes return addresses as printable ASCII', () => {
    expect(oauthStartSchema.safeParse({ providerId: 'google', callbackURL: '/stories?x=1', errorCallbackURL: '/login?provider=google' }).success).toBe(true);
    for (const callbackURL of ['/a\u0000', '/a b', '/ünï', '/\u001b', '']) {
      expect(messageOf(oauthStartSchema, { providerId: 'google', callbackURL }), callbackURL).toBe('That return address is not valid.');
    }
  });

  it('takes a provider answer as printable ASCII in every value', () => {
    expect(oauthCallbackQuerySchema.safeParse({ code: ['abc'], state: ['x y'] }).success).toBe(true);
    expect(oauthCallbackQuerySchema.safeParse({ code: ['abc'], error: ['ok', 'a\u001bb'] }).success).toBe(false);
    expect(oauthCallbackQuerySchema.safeParse({ error_description: ['🤖'] }).success).toBe(false);
  });
});

describe('requiredText', () => {
  const schema = requiredText('Your note', { empty: 'Please write a note.', max: 5, tooLong: 'Too long.' });
  const message = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('trims, and refuses nothing left, non-text, too much and refused characters with their own messages', () => {
    expect(schema.parse('  hi \r\n')).toBe('hi');
    expect(message('   ')).toBe('Please write a note.');
    expect(message(42)).toBe('Please write a note.');
    expect(message('abcdef')).toBe('Too long.');
    expect(message('a\u0000b')).toBe(notAllowedMessage('Your note'));
  });
});
