import { sql, type Kysely } from 'kysely';

/**
 * Your data and a safe community:
 * - users: the account's moderation state (warned, limited, suspended: each the time it began,
 *   with the warning's text), self-deletion (deactivated at, deleted after), the tombstone of a
 *   deleted account (deletedAt: the row stays so comments, messages and feature requests still
 *   point at someone, shown as "Deleted user"), and the last export (one per 24 hours);
 * - stories.authorState: the author's state copied onto their stories (0 visible, 1 limited:
 *   off community for non-followers, 2 hidden: suspended or deactivated), so lists filter on
 *   the row they already read instead of joining users (docs/decisions/0023);
 * - reports: one per reporter per reported thing (unique), with what it looked like then;
 * - moderationCases: one queue item per reported thing while open (a partial unique index),
 *   with the snapshot and an optimistic version so two admins cannot both resolve it;
 * - moderationActions: every action on a case or an account, with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['warnedAt', 'warning', 'limitedAt', 'suspendedAt', 'deactivatedAt', 'deleteAfter', 'deletedAt', 'lastExportAt']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('users_deleteAfter').on('users').column('deleteAfter').execute();
  await db.schema.createIndex('users_created_uid').on('users').columns(['created_at', 'uid']).execute();
  await db.schema.createIndex('users_lastActive').on('users').columns(['lastActive', 'uid']).execute();

  // A person's comments and reactions, read by uid: the export and the deletion of an account.
  await db.schema.createIndex('storyComments_uid').on('storyComments').columns(['uid', 'created_at', 'id']).execute();
  await db.schema.createIndex('storyReactions_uid').on('storyReactions').columns(['uid', 'storyId', 'kind']).execute();

  await db.schema.alterTable('stories').addColumn('authorState', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('moderationCases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'story' | 'comment' | 'profile' | 'message' */
    .addColumn('targetType', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    /** Whose content it is. */
    .addColumn('targetUid', 'text', (c) => c.notNull())
    /** JSON (common/moderation/moderation.ts reportSnapshotSchema). */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('reportsCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assignedTo', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    /** 'action' | 'dismissed' once resolved. */
    .addColumn('outcome', 'text')
    .addColumn('resolvedBy', 'text')
    .addColumn('resolvedAt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderationCases_open_target')
    .unique()
    .on('moderationCases')
    .columns(['targetType', 'targetId'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('moderationCases_status').on('moderationCases').columns(['status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('moderationCases_targetUid').on('moderationCases').columns(['targetUid', 'created_at']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('caseId', 'text', (c) => c.notNull().references('moderationCases.id').onDelete('cascade'))
    .addColumn('reporterUid', 'text', (c) => c.notNull())
    .addColumn('targetType', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    .addColumn('targetUid', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: the content as this reporter saw it. */
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_once').unique().on('reports').columns(['reporterUid', 'targetType', 'targetId']).execute();
  await db.schema.createIndex('reports_case').on('reports').columns(['caseId', 'created_at']).execute();
  await db.schema.createIndex('reports_targetUid').on('reports').columns(['targetUid', 'created_at']).execute();

  await db.schema
    .createTable('moderationActions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('caseId', 'text')
    .addColumn('targetUid', 'text', (c) => c.notNull())
    /** common/moderation/moderation.ts MODERATION_ACTIONS */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('adminUid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderationActions_target').on('moderationActions').columns(['targetUid', 'created_at']).execute();
  await db.schema.createIndex('moderationActions_case').on('moderationActions').columns(['caseId', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderationActions').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('moderationCases').execute();
}
