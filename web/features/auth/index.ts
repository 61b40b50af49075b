/** The auth feature's public entry: what other features use. Its screens load through the router. */
export { newPasswordProblem } from './new-password';
export { PasswordStrength } from './PasswordStrength';
export { providerConnectError, providerFromParam } from './provider-errors';
