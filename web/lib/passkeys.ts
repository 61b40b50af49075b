import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { PASSKEY_TEXTS } from '@common/account/passkeys';
import { apiFetch } from './api';
import { errorMessage } from './errors';

/*
 * Passkeys in the browser: better-auth's challenge, the browser's WebAuthn prompt
 * (@simplewebauthn/browser, loaded only when someone asks), then the answer back to the server.
 * Used by the login screen ("Sign in with a passkey") and Settings (adding one).
 */

const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's part of adding a passkey: it makes the key after the person confirms. Sent with a name by `savePasskey`. */
export async function createPasskey(): Promise<RegistrationResponseJSON> {
  const optionsJSON = (await apiFetch('/api/auth/passkey/generate-register-options')) as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await webAuthn();
  return startRegistration({ optionsJSON });
}

export async function savePasskey(response: RegistrationResponseJSON, name: string): Promise<void> {
  await apiFetch('/api/auth/passkey/verify-registration', { method: 'POST', body: { response, name } });
}

/** Signs in with a passkey the browser or device holds; no email, password or code asked. */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = (await apiFetch('/api/auth/passkey/generate-authenticate-options')) as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await webAuthn();
  const response: AuthenticationResponseJSON = await startAuthentication({ optionsJSON });
  await apiFetch('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
}

/** What a failed passkey step shows: the server's sentence, or what the browser's refusal means to a person. */
export function passkeyErrorMessage(failure: unknown): string {
  if (failure instanceof Error && 'code' in failure && failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_TEXTS.alreadyAdded;
  if (failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError' || ('code' in failure && failure.code === 'ERROR_CEREMONY_ABORTED'))) {
    return PASSKEY_TEXTS.cancelled;
  }
  if (failure instanceof Error && failure.name === 'NotSupportedError') return PASSKEY_TEXTS.unsupported;
  return errorMessage(failure);
}
