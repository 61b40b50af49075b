import type { UserRecord } from '@common/me/user';
import type { openEventStream } from '../../test/sse';

type EventStream = Awaited<ReturnType<typeof openEventStream>>;

/**
 * Test helper: the next user.updated event whose record passes `check`. Earlier changes
 * (a story's streak, say) may be announced first, later on PostgreSQL, where events
 * travel through NOTIFY; those are skipped. Fails when none arrives in time.
 */
export async function nextUserUpdate(stream: EventStream, check: (user: UserRecord) => boolean): Promise<UserRecord> {
  for (;;) {
    const { user } = JSON.parse((await stream.next('user.updated')).data) as { user: UserRecord };
    if (check(user)) return user;
  }
}
