import { expect, vi } from 'vitest';
import type { SignedUp, TestServer } from '../../test/server';

/** Two Drabble instances on loopback may federate only with this switch (never on a public server). */
export const FEDERATING = { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', SIGNUP_RATE_LIMIT: '1000' };

/** Polls until `check` passes: deliveries cross the queue and the network, not the request. */
export const eventually = <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeout = 20_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 100 },
  );

export const hostOf = (server: TestServer) => new URL(server.config.publicUrl).host;

/** A member's fediverse address, `@handle@host`, as their settings show it. */
export async function handleOf(server: TestServer, person: SignedUp): Promise<string> {
  const res = await person.client.get<{ address: string }>('/api/federation/settings');
  expect(res.status).toBe(200);
  expect(res.body.address).toMatch(new RegExp(`^@[a-z0-9_]{3,30}@${hostOf(server).replace('.', '\\.')}$`));
  return res.body.address;
}
