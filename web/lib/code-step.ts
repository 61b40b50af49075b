/**
 * The login screen's code step (two-factor sign-in): /login?step=two-factor. The password
 * sign-in goes there when the account asks for a code, and a provider's sign-in comes back
 * there (server/auth/two-factor.ts codeStepPath). A person there is neither signed in nor
 * choosing how to sign in, so the screen shows the code alone and the header offers no Login.
 */
export const CODE_STEP = 'two-factor';

export const isCodeStep = (pathname: string, search: string | URLSearchParams): boolean =>
  pathname === '/login' && new URLSearchParams(search).get('step') === CODE_STEP;
