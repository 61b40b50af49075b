import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { TestClient } from './client';

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
  /** What the provider says about the address (default: verified). */
  emailVerified?: boolean;
}

/**
 * A local OpenID Connect provider standing in for Google and Microsoft in tests. It signs
 * whoever `signInAs` names into the next authorization, without a consent screen.
 */
export async function startMockOidc(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, 'localhost');
  let identity: OidcIdentity = { sub: 'nobody', email: 'nobody@example.com', name: 'Nobody' };
  const claims = () => ({ sub: identity.sub, email: identity.email, email_verified: identity.emailVerified ?? true, name: identity.name });
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims());
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });
  const issuer = server.issuer.url ?? '';
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signInAs(next: OidcIdentity) {
      identity = next;
    },
    stop: () => server.stop(),
  };
}

/** Walks the redirect dance a browser would: our start URL → provider → our callback. */
export async function signInWithProvider(client: TestClient, providerId: 'google' | 'microsoft', extra: Record<string, unknown> = {}) {
  const start = await client.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/oauth2', {
    providerId,
    callbackURL: '/stories',
    errorCallbackURL: `/login?provider=${providerId}`,
    ...extra,
  });
  return followProvider(client, start, providerId);
}

/** Connecting a provider from Settings: the same dance, for the signed-in person. */
export async function connectProvider(client: TestClient, providerId: 'google' | 'microsoft') {
  const start = await client.post<{ url: string; redirect: boolean }>('/api/auth/oauth2/link', {
    providerId,
    callbackURL: '/settings',
    errorCallbackURL: `/settings?provider=${providerId}`,
  });
  return followProvider(client, start, providerId);
}

async function followProvider(client: TestClient, start: { status: number; body: { url: string } }, providerId: string) {
  expect(start.status).toBe(200);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.pathname).toBe(`/api/auth/oauth2/callback/${providerId}`);
  return client.raw('GET', callback.pathname + callback.search);
}
