import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as onDemand from './webauthn-on-demand';

const require = createRequire(import.meta.url);

describe('@simplewebauthn/server on demand (what the production build gives better-auth\'s passkey plugin)', () => {
  it('has every function the passkey plugin imports from the package', () => {
    // The plugin's entry, as the build reads it: an upgrade that imports one more function fails here, not at a sign-in.
    const entry = fs.readFileSync(path.join(path.dirname(require.resolve('@better-auth/passkey')), 'index.mjs'), 'utf8');
    const named = /import\s*\{([^}]*)\}\s*from\s*["']@simplewebauthn\/server["']/.exec(entry)?.[1];
    expect(named).toBeDefined();
    const imported = named!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean);
    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) expect(typeof (onDemand as Record<string, unknown>)[name], name).toBe('function');
  });

  it('loads the package at the first call and answers as it does', async () => {
    const options = await onDemand.generateRegistrationOptions({ rpName: 'Drabble', rpID: 'localhost', userName: 'ada@example.com' });
    expect(options.rp).toEqual({ name: 'Drabble', id: 'localhost' });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const signIn = await onDemand.generateAuthenticationOptions({ rpID: 'localhost' });
    expect(signIn.rpId).toBe('localhost');
    // A response that is not a credential is refused by the package's own checks.
    await expect(onDemand.verifyAuthenticationResponse({ response: {} as never, expectedChallenge: signIn.challenge, expectedOrigin: 'http://localhost', expectedRPID: 'localhost', credential: {} as never })).rejects.toThrow();
  });
});
