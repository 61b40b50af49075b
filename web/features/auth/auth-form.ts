import { isApiError } from '../../lib/api';

export const FALLBACK_AUTH_MESSAGE = 'Something went wrong. Please try again.';
export const ACCOUNT_NOT_LOADED_MESSAGE = 'You are signed in, but your account could not be loaded. Please reload the page.';

/** The server's human message (invalid_credentials, email_in_use…), else a generic one. */
export function authErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : FALLBACK_AUTH_MESSAGE;
}
