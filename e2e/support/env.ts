/** Fixed facts of the browser-test environment, shared by the config, the mock provider and the tests. */
export const E2E = {
  port: 3100,
  baseUrl: 'http://localhost:3100',
  oidcPort: 3101,
  oidcIssuer: 'http://localhost:3101',
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  adminEmail: 'owner@drabble.test',
  google: { clientId: 'e2e-google', person: { sub: 'google-grace', email: 'grace.hopper@gmail.test', name: 'Grace Hopper' } },
  microsoft: { clientId: 'e2e-microsoft', person: { sub: 'microsoft-alan', email: 'alan.turing@outlook.test', name: 'Alan Turing' } },
} as const;
