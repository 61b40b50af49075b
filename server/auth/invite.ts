/**
 * How a sign-up's invite reaches the sign-up rule (features/registration/sign-up.ts):
 * in INVITE_HEADER, which only the /api/auth wrapper (routes.ts) sets; a provider sign-in keeps
 * it in INVITE_COOKIE between its start and the provider's callback.
 */
export const INVITE_HEADER = 'x-drabble-invite';
export const INVITE_COOKIE = 'drabble.invite';

/** Runs in better-auth's user-create hooks: may refuse a new account (throw) and records what it decided once it exists. */
export interface SignUpRule {
  before: (user: { email: string; emailVerified: boolean }, endpoint: { headers?: Headers } | null) => Promise<void>;
  after: (user: { id: string; email: string; name: string; emailVerified: boolean } | null, endpoint: { headers?: Headers } | null) => Promise<void>;
}
