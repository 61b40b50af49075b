/**
 * The password rules (after NIST SP 800-63B and OWASP ASVS 5.0): a length between the
 * configured minimum (never below 8) and 128, any characters, no composition rules; refused
 * when it is a common breached password or contains the account's own email name or display
 * name. Pure: the breached list is the server's (server/auth/breached-passwords.ts), and this
 * file only hears whether the password is on it. Checked whenever a password is set, never at
 * sign-in: passwords chosen before the rules keep working.
 */

export const PASSWORD_TEXTS = {
  tooShort: (min: number) => `Password must be at least ${min} characters.`,
  tooLong: (max: number) => `Password must be at most ${max} characters.`,
  tooEasy: 'This password is too easy to guess. Try a longer phrase.',
} as const;

/**
 * Personal words shorter than this are not looked for: a local part like "al" or a name like
 * "Jo" sits inside countless good phrases, and guessing it adds nothing an attacker lacks.
 */
export const PERSONAL_WORD_MIN = 3;

/** Who the password is for: the email's local part and the display name must not be in it. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

export interface PasswordPolicy {
  min: number;
  max: number;
}

export function passwordLengthProblem(password: string, { min, max }: PasswordPolicy): string | null {
  if (password.length < min) return PASSWORD_TEXTS.tooShort(min);
  if (password.length > max) return PASSWORD_TEXTS.tooLong(max);
  return null;
}

/** The words a password may not contain: the email's local part and the whole display name, lower-cased, each at least PERSONAL_WORD_MIN long. */
export function personalWords({ email, name }: PasswordOwner): string[] {
  const at = email ? email.lastIndexOf('@') : -1;
  const local = email ? (at >= 0 ? email.slice(0, at) : email) : '';
  return [local, name ?? '']
    .map((word) => word.trim().toLocaleLowerCase('en-US'))
    .filter((word) => word.length >= PERSONAL_WORD_MIN);
}

export function containsPersonalWord(password: string, owner: PasswordOwner): boolean {
  const lowered = password.toLocaleLowerCase('en-US');
  return personalWords(owner).some((word) => lowered.includes(word));
}

/**
 * What is wrong with a new password, in the words the person sees, or null. `breached` says
 * whether it is on the common-password list (the server knows; the browser passes false and
 * lets the server have the last word).
 */
export function passwordProblem(password: string, policy: PasswordPolicy, owner: PasswordOwner, breached: boolean): string | null {
  const length = passwordLengthProblem(password, policy);
  if (length) return length;
  if (breached || containsPersonalWord(password, owner)) return PASSWORD_TEXTS.tooEasy;
  return null;
}
