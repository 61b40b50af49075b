import crypto from 'node:crypto';
import { DASHED_ID_PATTERN, RECORD_ID_PATTERN } from '@common/contracts/params';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62 × 4 = 248: bytes at or above it are skipped so every character is equally likely. */
const UNBIASED_LIMIT = 248;

/** A random 20-character id like a document id (~119 bits): stories and comments. */
export function newId(length = 20): string {
  let id = '';
  while (id.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) id += ALPHABET[byte % 62];
      if (id.length === length) break;
    }
  }
  return id;
}

/** Ids the API hands out look like this; anything else cannot name a story (kept in common/ for the route contracts). */
export const ID_PATTERN = RECORD_ID_PATTERN;

/** Ids with hyphens (kept in common/ for the route contracts). */
export { DASHED_ID_PATTERN };
