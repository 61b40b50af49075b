import type { UserRecord } from '@common/me/user';
import { findUser } from '../shared/users';
import type { TestServer } from './server';
import type { openEventStream, SseMessage } from './sse';
import { userTopic } from '../events/bus';

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/** Test helper: the next `count` messages of `type`, in the order they arrived. */
export async function take(stream: EventStream, count: number, type = 'user.updated'): Promise<SseMessage[]> {
  const messages: SseMessage[] = [];
  for (let i = 0; i < count; i++) messages.push(await stream.next(type));
  return messages;
}

export const idsOf = (messages: SseMessage[]) => messages.map((m) => Number(m.id));
export const userOf = (message: SseMessage) => (JSON.parse(message.data) as { user: UserRecord }).user;

/** Test helper: `count` user.updated events for `uid` in one transaction (streak 1..count marks each). */
export async function recordUserEvents(server: TestServer, uid: string, count: number): Promise<void> {
  const user = await findUser(server.ctx.db, uid);
  if (!user) throw new Error(`no user ${uid}`);
  await server.ctx.db.transaction().execute(async (trx) => {
    for (let i = 1; i <= count; i++) await server.ctx.bus.record(trx, userTopic(uid), 'user.updated', { user: { ...user, streak: i } });
  });
}

/** The latest event id committed: a stream resuming from it has missed nothing. */
export async function latestId(server: TestServer): Promise<number> {
  return (await server.ctx.bus.position()).latest;
}

/** Test helper: resolves once `check` holds, polling; fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
