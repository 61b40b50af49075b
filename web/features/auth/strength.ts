import { containsPersonalWord, PASSWORD_TEXTS, type PasswordOwner, type PasswordPolicy } from '@common/account/passwords';

export type StrengthTone = 'none' | 'weak' | 'fair' | 'good';

export interface StrengthLevel {
  /** What the meter says after "Strength:". */
  label: string;
  /** How many of the meter's four bars are filled. */
  filled: 0 | 1 | 2 | 3 | 4;
  tone: StrengthTone;
  /** The rule's refusal, shown under the meter when the server would refuse it too. */
  refusal: string | null;
}

/**
 * What the meter shows for a password being typed: nothing for an empty field; the rules first
 * (too short, personal: the words the server answers); then zxcvbn's score, or "Checking…"
 * while the estimator loads.
 */
export function strengthLevel(password: string, policy: PasswordPolicy, owner: PasswordOwner, score: number | null): StrengthLevel | null {
  if (!password) return null;
  if (password.length < policy.min) return { label: 'Too short', filled: 0, tone: 'none', refusal: null };
  if (password.length > policy.max) return { label: 'Too long', filled: 0, tone: 'none', refusal: PASSWORD_TEXTS.tooLong(policy.max) };
  if (containsPersonalWord(password, owner)) return { label: 'Too easy to guess', filled: 1, tone: 'weak', refusal: PASSWORD_TEXTS.tooEasy };
  if (score === null) return { label: 'Checking…', filled: 0, tone: 'none', refusal: null };
  if (score <= 1) return { label: 'Weak', filled: 1, tone: 'weak', refusal: null };
  if (score === 2) return { label: 'Fair', filled: 2, tone: 'fair', refusal: null };
  if (score === 3) return { label: 'Good', filled: 3, tone: 'good', refusal: null };
  return { label: 'Strong', filled: 4, tone: 'good', refusal: null };
}
