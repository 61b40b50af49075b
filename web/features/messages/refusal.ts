import { ACCOUNT_TEXTS } from '@common/account/texts';
import { isApiError } from '../../lib/api';
import { formErrorMessage } from '../../lib/errors';

/**
 * Why the server refused a message, for beside the composer: a 429 keeps the server's own
 * sentence (the same-text rule says more than "too often"); a network failure says nothing
 * there, the thread's "Not sent — Retry" is enough.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0) return null;
  if (error.status === 429) return error.serverMessage ?? ACCOUNT_TEXTS.tooOften;
  return formErrorMessage(error);
}
