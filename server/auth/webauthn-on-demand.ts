import type * as WebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server, loaded at the first passkey ceremony instead of at start-up. It brings
 * an X.509 and ASN.1 stack (@peculiar/x509, asn1js, tsyringe) that only attestation and
 * signature checks use, and that a server holds in memory all its life once loaded: about a fifth
 * of an idle instance (`npm run bench:startup`). The production build (vite.server.config.ts)
 * hands this module to better-auth's passkey plugin in place of the package; the four functions
 * the plugin calls are async, so each one awaits the package and then calls it, unchanged.
 */
let loading: Promise<typeof WebAuthn> | undefined;
const webAuthn = () => (loading ??= import('@simplewebauthn/server'));

export const generateRegistrationOptions: typeof WebAuthn.generateRegistrationOptions = async (options) => (await webAuthn()).generateRegistrationOptions(options);
export const generateAuthenticationOptions: typeof WebAuthn.generateAuthenticationOptions = async (options) => (await webAuthn()).generateAuthenticationOptions(options);
export const verifyRegistrationResponse: typeof WebAuthn.verifyRegistrationResponse = async (options) => (await webAuthn()).verifyRegistrationResponse(options);
export const verifyAuthenticationResponse: typeof WebAuthn.verifyAuthenticationResponse = async (options) => (await webAuthn()).verifyAuthenticationResponse(options);
