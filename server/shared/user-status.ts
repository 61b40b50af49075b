import { sql, type Kysely, type SqlBool } from 'kysely';
import type { UserStatus } from '@common/moderation/moderation';
import type { Database } from '../db/types';

/** users.status as `userStatus` decides it, strongest first, as a where clause. */
export function statusWhere(status: UserStatus) {
  const set = (column: string) => sql<SqlBool>`${sql.ref(column)} is not null`;
  const unset = (column: string) => sql<SqlBool>`${sql.ref(column)} is null`;
  const all = (...parts: ReturnType<typeof set>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  switch (status) {
    case 'suspended':
      return set('suspendedAt');
    case 'waiting':
      return all(unset('suspendedAt'), set('awaitingApprovalSince'));
    case 'deactivated':
      return all(unset('suspendedAt'), unset('awaitingApprovalSince'), set('deactivatedAt'));
    case 'limited':
      return all(unset('suspendedAt'), unset('awaitingApprovalSince'), unset('deactivatedAt'), set('limitedAt'));
    case 'warned':
      return all(unset('suspendedAt'), unset('awaitingApprovalSince'), unset('deactivatedAt'), unset('limitedAt'), set('warnedAt'));
    case 'active':
      return all(unset('suspendedAt'), unset('awaitingApprovalSince'), unset('deactivatedAt'), unset('limitedAt'), unset('warnedAt'));
  }
}

/**
 * How many accounts wait for an admin's approval: exactly those the admins' Users
 * list shows under "Waiting for approval" (the admin panel links the one to the other).
 */
export async function countWaitingForApproval(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deletedAt', 'is', null)
    .where(statusWhere('waiting'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
