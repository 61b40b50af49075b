import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { SignedUp } from './server';

/** The code an authenticator app shows, `steps` periods from now (the server accepts one step either side). */
export const codeOf = (totp: OTPAuth.TOTP, steps = 0) => totp.generate({ timestamp: Date.now() + steps * 30_000 });

/** Turns two-factor on as /settings does: the password, then one code from the app. */
export async function turnOnTwoFactor(person: SignedUp): Promise<{ totp: OTPAuth.TOTP; recoveryCodes: string[] }> {
  const enabled = await person.client.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password: person.password });
  expect(enabled.status).toBe(200);
  const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
  const confirmed = await person.client.post('/api/auth/two-factor/verify-totp', { code: codeOf(totp) });
  expect(confirmed.status).toBe(200);
  return { totp, recoveryCodes: enabled.body.backupCodes };
}
