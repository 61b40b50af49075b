import { ACCOUNT_TEXTS } from '@common/account/account';
import { PASSWORD_MAX_LENGTH } from '@common/shared/limits';
import { PASSKEY_TEXTS } from '@common/account/passkeys';
import { PASSWORD_TEXTS } from '@common/account/passwords';
import { REGISTRATION_TEXTS } from '@common/registration/registration';
import { TWO_FACTOR_TEXTS } from '@common/account/two-factor';
import type { ServerContext } from '../context';

export interface HumanError {
  code: string;
  message: string;
}

/**
 * Turns better-auth's error codes into messages for the login screen. Sign-in says the same
 * for an unknown email and a wrong password, so it cannot be used to find accounts.
 */
export function humanAuthError(ctx: ServerContext, code: string, message: string): HumanError {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return { code: 'invalid_credentials', message: ACCOUNT_TEXTS.invalidCredentials };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { code: 'email_in_use', message: 'An account with this email already exists. Sign in instead.' };
    case 'PASSWORD_TOO_SHORT':
      return { code: 'weak_password', message: PASSWORD_TEXTS.tooShort(ctx.config.passwordMinLength) };
    case 'PASSWORD_TOO_LONG':
      return { code: 'weak_password', message: PASSWORD_TEXTS.tooLong(PASSWORD_MAX_LENGTH) };
    case 'INVALID_EMAIL':
      return { code: 'invalid_email', message: 'Please enter a valid email address.' };
    case 'INVALID_CODE':
      return { code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongCode };
    case 'INVALID_BACKUP_CODE':
      return { code: 'invalid_code', message: TWO_FACTOR_TEXTS.wrongRecoveryCode };
    case 'INVALID_TWO_FACTOR_COOKIE':
      return { code: 'two_factor_expired', message: TWO_FACTOR_TEXTS.signInExpired };
    case 'INVALID_PASSWORD':
      return { code: 'invalid_password', message: ACCOUNT_TEXTS.wrongCurrentPassword };
    case 'INVALID_ORIGIN':
    case 'MISSING_OR_NULL_ORIGIN':
      return { code: 'forbidden', message: 'Requests from other sites are not allowed.' };
    // Who may join (features/registration/sign-up.ts).
    case 'SIGN_UP_NOT_POSSIBLE':
      return { code: 'sign_up_not_possible', message: REGISTRATION_TEXTS.emailNotPossible };
    case 'INVITE_REQUIRED':
      return { code: 'invite_required', message: REGISTRATION_TEXTS.inviteRequired };
    case 'INVITE_INVALID':
      return { code: 'invite_invalid', message: REGISTRATION_TEXTS.inviteInvalid };
    // Passkeys (better-auth's passkey plugin).
    case 'CHALLENGE_NOT_FOUND':
      return { code: 'passkey_expired', message: PASSKEY_TEXTS.challengeExpired };
    case 'PASSKEY_NOT_FOUND':
      return { code: 'passkey_unknown', message: PASSKEY_TEXTS.unknownPasskey };
    case 'AUTHENTICATION_FAILED':
      return { code: 'passkey_failed', message: PASSKEY_TEXTS.signInFailed };
    case 'FAILED_TO_VERIFY_REGISTRATION':
      return { code: 'passkey_failed', message: PASSKEY_TEXTS.addFailed };
    case 'SESSION_NOT_FRESH':
      return { code: 'session_not_fresh', message: PASSKEY_TEXTS.notFresh };
    default:
      return { code: code.toLowerCase() || 'bad_request', message };
  }
}
