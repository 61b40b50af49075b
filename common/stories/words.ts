/**
 * Counting and previewing story text, the same in the editor, on cards and on the server.
 *
 * Characters are UTF-16 code units (JavaScript's `length`), the unit the browser's
 * `maxlength` and the server's limits use, so a counter never disagrees with a limit.
 */

/** Spec section 9: the story card shows a 150-character preview. */
export const STORY_PREVIEW_LENGTH = 150;
/** Reading speed for "n min read": a common figure for adult silent reading of fiction. */
export const WORDS_PER_MINUTE = 200;

/**
 * Scripts written without spaces between words: Chinese (Han), Japanese (Hiragana, Katakana)
 * and Thai. A whitespace split counts a whole sentence in them as one word.
 */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Whether the text has words that whitespace does not separate (and so needs segmenting). */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED_SCRIPT.test(text);
}

// One segmenter, made on first need; a fixed locale so the browser and the server agree whatever the reader's language.
let wordSegmenter: Intl.Segmenter | null = null;

/**
 * Words (spec section 9): split on whitespace; within a piece that has Chinese, Japanese or
 * Thai in it, the word segments `Intl.Segmenter` finds there (at least one). Text without
 * those scripts counts exactly as a whitespace split, as it always has. Empty or blank text has none.
 */
export function countWords(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const pieces = trimmed.split(/\s+/u);
  if (!hasUnspacedScript(trimmed)) return pieces.length;
  wordSegmenter ??= new Intl.Segmenter('en', { granularity: 'word' });
  let words = 0;
  for (const piece of pieces) {
    if (!hasUnspacedScript(piece)) {
      words += 1;
      continue;
    }
    let inPiece = 0;
    for (const segment of wordSegmenter.segment(piece)) if (segment.isWordLike) inPiece += 1;
    words += Math.max(1, inPiece);
  }
  return words;
}

/** A drabble, by tradition: a story of exactly this many words (the title not counted). */
export const DRABBLE_WORDS = 100;

export function isPerfectDrabble(words: number): boolean {
  return words === DRABBLE_WORDS;
}

/** The editor's word counter: how far the text is from a drabble's hundred words. */
export interface DrabbleCounter {
  /** "87 / 100", "112 / 100", or at exactly 100 "100 ✓ Perfect drabble". */
  text: string;
  perfect: boolean;
}

export function drabbleCounter(words: number): DrabbleCounter {
  const perfect = isPerfectDrabble(words);
  return { text: perfect ? `${DRABBLE_WORDS} ✓ Perfect drabble` : `${words.toLocaleString('en-US')} / ${DRABBLE_WORDS}`, perfect };
}

export function countChars(text: string): number {
  return text.length;
}

/** Whole minutes, rounded up, never less than one: a 60-word drabble is a "1 min read". */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export function readingTimeLabel(words: number): string {
  return `${readingMinutes(words)} min read`;
}

const SOFT_CUT_WINDOW = 40;

/**
 * At most `length` characters of the text on one line (runs of whitespace and line
 * breaks become single spaces). A longer text is cut at the last word boundary within the
 * final 40 characters when there is one, and ends with '…'. Never splits a surrogate pair.
 */
export function storyPreview(text: string, length = STORY_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= length) return flat;
  let cut = flat.slice(0, length);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (flat[cut.length] !== ' ' && space >= cut.length - SOFT_CUT_WINDOW && space > 0) cut = cut.slice(0, space);
  return `${cut.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}
