import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Reports from other servers (an ActivityPub `Flag`), in the one moderation queue:
 * - reports.reporterUid may be null: a report is a member's (reporterUid) or another server's
 *   (reporterServer: the host of the account that sent the Flag; reporterActor: its URI), never
 *   both and never neither (the check `reports_one_reporter`), so no code can take a server for
 *   a member;
 * - reports_once_server: one report per server per thing, as `reports_once` is one per member.
 *
 * SQLite cannot drop a column's NOT NULL: there the table is made again and its rows copied.
 */
const ONE_REPORTER = sql`("reporterUid" is null) <> ("reporterServer" is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table reports alter column "reporterUid" drop not null`.execute(db);
    await db.schema.alterTable('reports').addColumn('reporterServer', 'text').execute();
    await db.schema.alterTable('reports').addColumn('reporterActor', 'text').execute();
    await db.schema.alterTable('reports').addCheckConstraint('reports_one_reporter', ONE_REPORTER).execute();
  } else {
    await db.schema
      .createTable('reports_new')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('caseId', 'text', (c) => c.notNull().references('moderationCases.id').onDelete('cascade'))
      .addColumn('reporterUid', 'text')
      .addColumn('targetType', 'text', (c) => c.notNull())
      .addColumn('targetId', 'text', (c) => c.notNull())
      .addColumn('targetUid', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('reporterServer', 'text')
      .addColumn('reporterActor', 'text')
      .addCheckConstraint('reports_one_reporter', ONE_REPORTER)
      .execute();
    const columns = sql.join(['id', 'caseId', 'reporterUid', 'targetType', 'targetId', 'targetUid', 'category', 'note', 'snapshot', 'created_at'].map((c) => sql.ref(c)));
    await sql`insert into reports_new (${columns}) select ${columns} from reports`.execute(db);
    await db.schema.dropTable('reports').execute();
    await db.schema.alterTable('reports_new').renameTo('reports').execute();
    await db.schema.createIndex('reports_once').unique().on('reports').columns(['reporterUid', 'targetType', 'targetId']).execute();
    await db.schema.createIndex('reports_case').on('reports').columns(['caseId', 'created_at']).execute();
    await db.schema.createIndex('reports_targetUid').on('reports').columns(['targetUid', 'created_at']).execute();
  }
  await db.schema
    .createIndex('reports_once_server')
    .unique()
    .on('reports')
    .columns(['reporterServer', 'targetType', 'targetId'])
    .where(sql.ref('reporterServer'), 'is not', null)
    .execute();
}
