import { passwordLengthProblem } from './password-rules';

export const PASSWORDS_DIFFER = 'Passwords do not match.';

/** Checks a new password and its confirmation before sending: the policy's length, then the match. */
export function newPasswordProblem(password: string, confirmation: string, min: number, max: number): string | null {
  return passwordLengthProblem(password, min, max) ?? (password === confirmation ? null : PASSWORDS_DIFFER);
}
