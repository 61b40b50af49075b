import { z } from 'zod';

/**
 * The one rule for every string a person sends us (story, comment, suggestion, search,
 * names, profile fields, log events). The browser checks it through the same schemas,
 * and the server again, so such text never reaches the database:
 *
 * - Line breaks are stored as LF: CRLF and a lone CR become LF (text pasted from Windows,
 *   or form data, arrives as CRLF).
 * - Tab and LF are the only control characters allowed. The other C0 controls
 *   (U+0000–U+001F), DEL (U+007F) and the C1 controls (U+0080–U+009F) are refused: nobody
 *   types them, and PostgreSQL cannot store NUL at all.
 * - Lone UTF-16 surrogates (`"\ud800"` in JSON) are refused: they are not text and have
 *   no UTF-8 form, so a database would store something other than what was sent.
 *
 * Everything else is text and stays as written: emoji with their joiners, accents,
 * right-to-left text and its direction marks.
 */

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/** Controls other than tab (U+0009) and LF (U+000A); CR is normalised away first. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** CRLF and lone CR as LF. */
export function normalizeLineBreaks(value: string): string {
  return value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
}

/** True when the (line-break-normalised) text holds nothing the rule refuses. */
export function isAllowedText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * For text we keep even when it breaks the rule (log events: a report must never be lost):
 * line breaks normalised, each refused character replaced by U+FFFD, so the entry is stored
 * and shows where something odd was.
 */
export function replaceDisallowedText(value: string): string {
  return normalizeLineBreaks(value).replace(CONTROLS, '\ufffd').replace(LONE_SURROGATES, '\ufffd');
}

/** The message for text that breaks the rule: `Title contains characters that are not allowed.` */
export function notAllowedMessage(label: string, verb = 'contains'): string {
  return `${label} ${verb} characters that are not allowed.`;
}

export interface SafeTextOptions {
  /** The message when the value is not a string at all. Default: `<label> must be text.` */
  typeError?: string;
  /** 'contain' for plural labels ("Pronouns contain …"). */
  verb?: string;
}

/**
 * A string under the rule: line breaks normalised, then refused (400, "<label> contains
 * characters that are not allowed.") when a forbidden character remains. Chain the field's
 * own checks after it (`.trim().min(1).max(…)`); they then count the normalised text.
 */
export function safeText(label: string, options: SafeTextOptions = {}) {
  return z
    .string(options.typeError ?? `${label} must be text.`)
    .overwrite(normalizeLineBreaks)
    .refine(isAllowedText, { message: notAllowedMessage(label, options.verb), abort: true });
}

/**
 * Text a person must write (a message, a response, a title…): the text rule, trimmed, and
 * refused with `empty` when nothing is left (also the message when it is not text at all),
 * or with `tooLong` past `max` characters.
 */
export function requiredText(label: string, { empty, max, tooLong }: { empty: string; max: number; tooLong: string }) {
  return safeText(label, { typeError: empty }).trim().min(1, empty).max(max, tooLong);
}

/** A string under the rule in which refused characters are replaced, not refused (see replaceDisallowedText). */
export function lenientText(label: string) {
  return z.string(`${label} must be text.`).overwrite(replaceDisallowedText);
}

/** An optional query parameter: an empty value (`?q=`) means "not given". */
export function emptyAsMissing<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema);
}
