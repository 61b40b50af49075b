import { passwordProblem, type PasswordOwner, type PasswordPolicy } from '@common/account/passwords';

export const PASSWORDS_DIFFER = 'Passwords do not match.';

/**
 * Checks a new password and its confirmation before sending: the policy's length and the
 * personal-words rule (common/account/passwords.ts), then the match. The breached list is the server's.
 */
export function newPasswordProblem(password: string, confirmation: string, policy: PasswordPolicy, owner: PasswordOwner = {}): string | null {
  return passwordProblem(password, policy, owner, false) ?? (password === confirmation ? null : PASSWORDS_DIFFER);
}
