import { OAuth2Server } from 'oauth2-mock-server';

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
