import { ACCOUNT_TEXTS } from '@common/account/texts';
import { isApiError } from './api';

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * What a failed call shows a person: the server's sentence (invalid_credentials, email_in_use…),
 * ACCOUNT_TEXTS.tooOften for any rate limit, else a generic one.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return FALLBACK_ERROR_MESSAGE;
  return error.status === 429 || error.code === 'rate_limited' ? ACCOUNT_TEXTS.tooOften : error.message;
}

/** What a form shows when the server refused it: as errorMessage, without the field path the server puts in front of validation messages. */
export function formErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  return isApiError(error) && error.code === 'validation_failed' ? message.replace(/^[\w.]+: /, '') : message;
}
