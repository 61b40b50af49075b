import { OAuth2Server } from 'oauth2-mock-server';
import { E2E } from './env';

/**
 * The OpenID Connect provider the browser tests sign in with, standing in for Google and
 * Microsoft. Which person it signs in depends on the client id that asks.
 */
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(E2E.oidcPort, 'localhost');

const people = new Map<string, { sub: string; email: string; name: string }>([
  [E2E.google.clientId, E2E.google.person],
  [E2E.microsoft.clientId, E2E.microsoft.person],
]);
const byAccessToken = new Map<string, { sub: string; email: string; name: string }>();

function clientIdOf(body: unknown, authorization: string | undefined): string {
  if (body && typeof body === 'object' && 'client_id' in body && typeof body.client_id === 'string') return body.client_id;
  if (authorization?.startsWith('Basic ')) return decodeURIComponent(Buffer.from(authorization.slice(6), 'base64').toString().split(':')[0] ?? '');
  return '';
}

server.service.on('beforeTokenSigning', (token, req) => {
  const person = people.get(clientIdOf(req.body, req.headers.authorization));
  if (person) Object.assign(token.payload, { ...person, email_verified: true });
});
server.service.on('beforeResponse', (response) => {
  const body = response.body as { access_token?: string; id_token?: string };
  if (body.access_token && body.id_token) {
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; email: string; name: string };
    byAccessToken.set(body.access_token, { sub: claims.sub, email: claims.email, name: claims.name });
  }
});
server.service.on('beforeUserinfo', (response, req) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const person = byAccessToken.get(token);
  if (person) response.body = { ...person, email_verified: true };
});

process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
