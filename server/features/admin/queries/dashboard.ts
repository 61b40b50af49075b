import { sql, type Kysely } from 'kysely';
import type { Period } from '@common/admin/admin';
import type { DayKey } from '@common/prompts/prompts';
import type { Database } from '../../../db/types';
import { toDbBool } from '../../../db/bool';

type Db = Kysely<Database>;

/** The dashboard's counts (docs/decisions/0012 defines each), SQL aggregates per UTC day; dashboard.ts sums and compares them. */

/** Rows of `table` whose timestamp column falls in [from, to), counted per UTC day. */
export function countByDay(db: Db, table: 'users' | 'storyComments', column: 'created_at', [from, to]: readonly [string, string]) {
  const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  return db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, '>=', from)
    .where(column, '<', to)
    .groupBy(day)
    .execute();
}

/** Stories public now whose latest change to public falls in the window (a story counts once, on that day). */
export function publishedByDay(db: Db, [from, to]: readonly [string, string]) {
  const day = sql<string>`substr(${sql.ref('madePublicAt')}, 1, 10)`;
  return db
    .selectFrom('stories')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('public', '=', toDbBool(true))
    .where('madePublicAt', '>=', from)
    .where('madePublicAt', '<', to)
    .groupBy(day)
    .execute();
}

/** Writers with words saved per day, and distinct writers over each period (a writer active on many days counts once). */
export function activeWriterCounts(db: Db, whole: Period, currentFrom: DayKey) {
  const inWindow = db.selectFrom('writingDays').where('words', '>', 0).where('day', '>=', whole.from).where('day', '<=', whole.to);
  return Promise.all([
    inWindow.select(['day', sql<number>`count(distinct ${sql.ref('uid')})`.as('n')]).groupBy('day').execute(),
    inWindow
      .select([
        sql<number>`count(distinct case when ${sql.ref('day')} >= ${currentFrom} then ${sql.ref('uid')} end)`.as('current'),
        sql<number>`count(distinct case when ${sql.ref('day')} < ${currentFrom} then ${sql.ref('uid')} end)`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
}

const OPEN_STATUSES = ['new', 'in-progress'];

/** Requests sent in each period that are still new or in progress. */
export async function openRequests(db: Db, [from, to]: readonly [string, string], currentStart: string) {
  const row = await db
    .selectFrom('featureRequests')
    .select([
      sql<number>`sum(case when ${sql.ref('created_at')} >= ${currentStart} then 1 else 0 end)`.as('current'),
      sql<number>`sum(case when ${sql.ref('created_at')} < ${currentStart} then 1 else 0 end)`.as('previous'),
    ])
    .where('status', 'in', OPEN_STATUSES)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return { current: Number(row.current ?? 0), previous: Number(row.previous ?? 0) };
}

/** Each request sent in the window that an admin answered, with when the first answer came. */
export function firstAdminResponses(db: Db, [from, to]: readonly [string, string]) {
  return db
    .selectFrom('featureRequests as r')
    .innerJoin('featureRequestResponses as a', 'a.featureRequestId', 'r.id')
    .select(['r.id', 'r.created_at', (eb) => eb.fn.min('a.created_at').as('firstResponse')])
    .where('a.fromType', '=', 'admin')
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .groupBy(['r.id', 'r.created_at'])
    .execute();
}
