import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn-ts with its common-password and keyboard dictionaries: about 1 MB, so only the strength
 * meter loads it, with import() (its own chunk, never in the eager bundle). It only advises: the
 * server's breached-list check (server/auth/breached-passwords.ts) decides.
 */
const estimator = new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary });

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** zxcvbn's 0–4 guess score; `personal` (the email name, the display name) count as known words. */
export function strengthScore(password: string, personal: string[]): StrengthScore {
  return estimator.check(password, personal).score;
}
