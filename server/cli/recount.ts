import { sql, type Kysely, type Transaction } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import type { ServerContext } from '../context';
import type { Dialect } from '../db/database';
import type { Database } from '../db/types';
import { toDbBool } from '../db/bool';
import { ADMINS_TOPIC } from '../events/bus';
import { recordStoryCounts } from '../features/stories';
import { recordProfileCounts } from '../features/follows';
import { announceRequest } from '../features/feature-requests';
import { announceConversation } from '../features/messages';
import { syncStreakAndTell } from '../features/streaks';
import { forNoKeyUpdate } from '../db/locks';
import { holdTagCounts, taggedStories } from '../db/story-tags';

/*
 * `npx drabble recount`: every value the app keeps beside the rows it is derived from, checked
 * against those rows and rewritten where it drifted (docs/decisions/0031-admin-command-line.md
 * lists what is recounted, and what is history that no row could rebuild).
 *
 * Safe while the server serves writes. Drift is found with one read per kind; each drifted
 * row is then fixed in a transaction of its own that first locks the row against every writer
 * of the value (they lock it too: lockStory, lockUsers, the case, the request, the
 * conversation, syncStreak's users row), so no write lands between the count and the update;
 * on PostgreSQL the count is a statement after the lock, so it sees every write committed
 * before it. The open tabs showing a fixed value hear it, as they hear any change of it.
 */

type Trx = Transaction<Database>;

export interface DerivedKind {
  /** The stored column(s), as the report names them. */
  name: string;
  /** What they are recomputed from, for the report. */
  from: string;
  /** How many rows hold the value. */
  total(db: Kysely<Database>): Promise<number>;
  /** The keys of the rows whose stored value may differ from their rows (read in one go). */
  suspects(db: Kysely<Database>): Promise<string[]>;
  /** Locks the row, recomputes, writes and announces the value when it differs; whether it did. */
  fix(ctx: ServerContext, trx: Trx, key: string, now: Date): Promise<boolean>;
}

/**
 * The row lock of a fix on PostgreSQL. FOR NO KEY UPDATE conflicts with every writer of the
 * value (they lock the row FOR UPDATE, or update it), but not with the key-share locks that
 * inserting rows which reference it takes: a fix never waits on, or deadlocks with, a badge
 * or a reaction being inserted for the same writer or story.
 */
const lockRow = (dialect: Dialect) => (dialect === 'postgres' ? sql` for no key update` : sql``);

async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A column holding how many rows of `rows` point at its row (`rows.rowKey = table.key`). */
interface CountSpec<P extends keyof Database, R extends keyof Database> {
  table: P;
  key: string & keyof Database[P];
  column: string & keyof Database[P];
  rows: R;
  rowKey: string & keyof Database[R];
  from: string;
  /** Records the live event its screens refresh on, in the fixing transaction. */
  announce?: (ctx: ServerContext, trx: Trx, key: string) => Promise<void>;
}

function counted<P extends keyof Database, R extends keyof Database>(spec: CountSpec<P, R>): DerivedKind {
  const count = (key: string | ReturnType<typeof sql.ref>) =>
    sql<number>`(select count(*) from ${sql.table(spec.rows)} as r where ${sql.ref(`r.${spec.rowKey}`)} = ${key})`;
  return {
    name: `${spec.table}.${spec.column}`,
    from: spec.from,
    total: (db) => countRows(db, spec.table),
    suspects: async (db) => {
      const { rows } = await sql<{ key: string }>`
        select ${sql.ref(`p.${spec.key}`)} as "key" from ${sql.table(spec.table)} as p
        where ${sql.ref(`p.${spec.column}`)} <> ${count(sql.ref(`p.${spec.key}`))}`.execute(db);
      return rows.map((r) => r.key);
    },
    fix: async (ctx, trx, key) => {
      const locked = await sql<{ stored: number | string }>`
        select ${sql.ref(spec.column)} as stored from ${sql.table(spec.table)} where ${sql.ref(spec.key)} = ${key}${lockRow(ctx.dialect)}`.execute(trx);
      const row = locked.rows[0];
      if (!row) return false;
      const { rows } = await sql<{ n: number | string }>`select ${count(key)} as n`.execute(trx);
      const actual = Number(rows[0]?.n ?? 0);
      if (Number(row.stored) === actual) return false;
      await sql`update ${sql.table(spec.table)} set ${sql.ref(spec.column)} = ${actual} where ${sql.ref(spec.key)} = ${key}`.execute(trx);
      await spec.announce?.(ctx, trx, key);
      return true;
    },
  };
}

const storyCounts = (ctx: ServerContext, trx: Trx, storyId: string) => recordStoryCounts(ctx, trx, storyId);
const profileCounts = (ctx: ServerContext, trx: Trx, uid: string) => recordProfileCounts(ctx, trx, [uid]);

/** Whether an admin has answered the request: set by the first admin response, never unset. */
const answered: DerivedKind = {
  name: 'featureRequests.hasAdminResponse',
  from: 'admin responses',
  total: (db) => countRows(db, 'featureRequests'),
  suspects: async (db) => {
    const rows = await db
      .selectFrom('featureRequests as f')
      .select('f.id')
      .where((eb) =>
        eb(
          'f.hasAdminResponse',
          '<>',
          eb
            .case()
            .when(eb.exists(eb.selectFrom('featureRequestResponses as r').select('r.id').whereRef('r.featureRequestId', '=', 'f.id').where('r.fromType', '=', 'admin')))
            .then(toDbBool(true))
            .else(toDbBool(false))
            .end(),
        ),
      )
      .execute();
    return rows.map((r) => r.id);
  },
  fix: async (ctx, trx, id) => {
    const request = await trx
      .selectFrom('featureRequests')
      .select(['id', 'userUid', 'hasAdminResponse'])
      .where('id', '=', id)
      .$call(forNoKeyUpdate(ctx.dialect))
      .executeTakeFirst();
    if (!request) return false;
    const response = await trx.selectFrom('featureRequestResponses').select('id').where('featureRequestId', '=', id).where('fromType', '=', 'admin').executeTakeFirst();
    const actual = toDbBool(response !== undefined);
    if (Number(request.hasAdminResponse) === actual) return false;
    await trx.updateTable('featureRequests').set({ hasAdminResponse: actual }).where('id', '=', id).execute();
    await announceRequest(ctx, trx, request);
    return true;
  },
};

/** The preview the conversation list shows: the last message's text, or "Message deleted". */
const previewOf = (m: { text: string; deletedAt: string | null }) => (m.deletedAt === null ? m.text : MESSAGE_TEXTS.deleted);

const previews: DerivedKind = {
  name: 'conversations.lastMessage, lastMessageAt',
  from: 'the last message',
  total: (db) => countRows(db, 'conversations'),
  suspects: async (db) => {
    // '' stands for "none" on both sides: a message is never empty (a deleted one shows the deleted text).
    const { rows } = await sql<{ id: string }>`
      select c.id as id from ${sql.table('conversations')} as c
      where coalesce(${sql.ref('c.lastMessageAt')}, '') <> coalesce((
          select max(${sql.ref('m.created_at')}) from ${sql.table('conversationMessages')} as m where ${sql.ref('m.conversationId')} = c.id), '')
        or coalesce(${sql.ref('c.lastMessage')}, '') <> coalesce((
          select case when ${sql.ref('m.deletedAt')} is null then m.text else ${MESSAGE_TEXTS.deleted} end
          from ${sql.table('conversationMessages')} as m where ${sql.ref('m.conversationId')} = c.id
          order by ${sql.ref('m.created_at')} desc, m.id desc limit 1), '')`.execute(db);
    return rows.map((r) => r.id);
  },
  fix: async (ctx, trx, id) => {
    const conversation = await trx
      .selectFrom('conversations')
      .select(['lastMessage', 'lastMessageAt'])
      .where('id', '=', id)
      .$call(forNoKeyUpdate(ctx.dialect))
      .executeTakeFirst();
    if (!conversation) return false;
    const last = await trx
      .selectFrom('conversationMessages')
      .select(['text', 'deletedAt', 'created_at'])
      .where('conversationId', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lastMessage = last ? previewOf(last) : null;
    const lastMessageAt = last?.created_at ?? null;
    if (conversation.lastMessage === lastMessage && conversation.lastMessageAt === lastMessageAt) return false;
    await trx.updateTable('conversations').set({ lastMessage, lastMessageAt }).where('id', '=', id).execute();
    await announceConversation(ctx, trx, id);
    return true;
  },
};

/**
 * The streak, its best and the freezes held: a replay of the writing days (common/streaks/streak.ts),
 * stored by syncStreak, whose rules apply here too (the best is raised, never lowered).
 */
const streaks: DerivedKind = {
  name: 'users.streak, bestStreak, streakFreezes',
  from: 'writing days',
  total: async (db) => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('deletedAt', 'is', null).executeTakeFirstOrThrow()).n),
  // A writer with no writing day replays to nothing: only a stored streak or freeze is then wrong.
  suspects: async (db) => {
    const rows = await db
      .selectFrom('users as u')
      .select('u.uid')
      .where('u.deletedAt', 'is', null)
      .where((eb) =>
        eb.or([
          eb('u.streak', '<>', 0),
          eb('u.streakFreezes', '<>', 0),
          eb.exists(eb.selectFrom('writingDays as d').select('d.uid').whereRef('d.uid', '=', 'u.uid').where('d.words', '>', 0)),
        ]),
      )
      .orderBy('u.uid')
      .execute();
    return rows.map((r) => r.uid);
  },
  fix: async (ctx, trx, uid, now) => (await syncStreakAndTell(ctx, trx, uid, now)).changed,
};

/** A tag's count of the stories a guest may read (db/story-tags.ts); no screen is live on it. */
const tagCounts: DerivedKind = {
  name: 'tags.storyCount',
  from: 'the stories a guest may read',
  total: (db) => countRows(db, 'tags'),
  suspects: async (db) => {
    const { rows } = await sql<{ id: string }>`select t.id as id from tags as t where t."storyCount" <> ${taggedStories(sql.ref('t.id'))}`.execute(db);
    return rows.map((r) => r.id);
  },
  fix: async (ctx, trx, id) => {
    await holdTagCounts(trx);
    const locked = await sql<{ stored: number | string }>`select "storyCount" as stored from tags where id = ${id}${lockRow(ctx.dialect)}`.execute(trx);
    const row = locked.rows[0];
    if (!row) return false;
    const { rows } = await sql<{ n: number | string }>`select ${taggedStories(id)} as n`.execute(trx);
    const actual = Number(rows[0]?.n ?? 0);
    if (Number(row.stored) === actual) return false;
    await trx.updateTable('tags').set({ storyCount: actual }).where('id', '=', id).execute();
    return true;
  },
};

/** Every derived value, in the order the report lists them. */
export const DERIVED_KINDS: readonly DerivedKind[] = [
  counted({ table: 'stories', key: 'id', column: 'likesCount', rows: 'storyReactions', rowKey: 'storyId', from: 'reactions', announce: storyCounts }),
  counted({ table: 'stories', key: 'id', column: 'commentsCount', rows: 'storyComments', rowKey: 'storyId', from: 'comments', announce: storyCounts }),
  // No live event carries views: a story page reads them with the story.
  counted({ table: 'stories', key: 'id', column: 'viewsCount', rows: 'storyViews', rowKey: 'storyId', from: 'views, one per reader a day' }),
  counted({ table: 'users', key: 'uid', column: 'followersCount', rows: 'follows', rowKey: 'followeeUid', from: 'follows', announce: profileCounts }),
  counted({ table: 'users', key: 'uid', column: 'followingCount', rows: 'follows', rowKey: 'followerUid', from: 'follows', announce: profileCounts }),
  counted({
    table: 'moderationCases',
    key: 'id',
    column: 'reportsCount',
    rows: 'reports',
    rowKey: 'caseId',
    from: 'reports',
    // The case's version stays: an admin looking at it has not been overtaken by another admin.
    announce: (ctx, trx, caseId) => ctx.bus.record(trx, ADMINS_TOPIC, 'moderation.changed', { caseId }),
  }),
  tagCounts,
  answered,
  previews,
  streaks,
];

export interface KindReport {
  kind: DerivedKind;
  total: number;
  drifted: number;
}

/** Recounts every kind, one after the other, handing each one's report to `done` as it finishes. */
export async function recount(ctx: ServerContext, done: (report: KindReport) => void, kinds = DERIVED_KINDS, now = new Date()): Promise<KindReport[]> {
  const reports: KindReport[] = [];
  for (const kind of kinds) {
    const total = await kind.total(ctx.db);
    let drifted = 0;
    for (const key of await kind.suspects(ctx.db)) {
      if (await ctx.db.transaction().execute((trx) => kind.fix(ctx, trx, key, now))) drifted += 1;
    }
    const report = { kind, total, drifted };
    reports.push(report);
    done(report);
  }
  return reports;
}
