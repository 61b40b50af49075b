import { sql } from 'kysely';
import { PASSWORD_MAX_LENGTH } from '@common/limits';
import type { ServerContext } from '../context';

export interface HumanError {
  code: string;
  message: string;
}

async function accountExists(ctx: ServerContext, email: string): Promise<boolean> {
  const row = await sql<{ id: string }>`select id from ${sql.table('authUsers')} where lower(email) = ${email} limit 1`.execute(ctx.db);
  return row.rows.length > 0;
}

/**
 * Turns better-auth's error codes into messages for the login screen. Sign-up already tells
 * whether an email is taken, so sign-in may say which half was wrong (and is rate-limited).
 */
export async function humanAuthError(ctx: ServerContext, code: string, message: string, email: string | null): Promise<HumanError> {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      if (email && (await accountExists(ctx, email))) {
        return { code: 'wrong_password', message: 'Wrong password. Please try again.' };
      }
      return { code: 'unknown_account', message: 'No account uses that email. Check it or sign up.' };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { code: 'email_in_use', message: 'An account with this email already exists. Sign in instead.' };
    case 'PASSWORD_TOO_SHORT':
      return { code: 'weak_password', message: `Password must be at least ${ctx.config.passwordMinLength} characters.` };
    case 'PASSWORD_TOO_LONG':
      return { code: 'weak_password', message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` };
    case 'INVALID_EMAIL':
      return { code: 'invalid_email', message: 'Please enter a valid email address.' };
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
      return { code: 'forbidden', message: 'Requests from other sites are not allowed.' };
    default:
      return { code: code.toLowerCase() || 'bad_request', message };
  }
}
