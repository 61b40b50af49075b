import { accountShown } from '../../../policy/profiles';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { WRITER_PAGE_SIZE, type WriterPage, type WriterRow } from '@common/follows/follows';
import type { Database } from '../../../db/types';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../../shared/cursor';
import { noBlockBetween, notMutedBy } from '../../../policy/relations';
import type { SignedInViewer, Viewer } from '../../../policy/viewer';
import { WRITER_COLUMNS, writerRows } from '../rows';
import { likeLiteral } from '../../../shared/like';

type Db = Kysely<Database>;

/** better-auth's uids: what a cursor may name as the last writer shown. */
const uidField = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const edgeCursor = (kind: string) => z.object({ k: z.literal(kind), t: cursorField.time, u: uidField });
const searchCursor = z.object({ k: z.literal('search'), n: z.string().max(400), u: uidField });

export const SUGGESTIONS_LIMIT = 20;

/** Writers on the other side of a block never appear in the viewer's lists. */
/** Writers in lists: shown accounts only (not suspended, deactivated or deleted), nobody across a block. */
const visibleTo = (viewer: Viewer, ref: string): Expression<SqlBool> =>
  viewer === null ? accountShown(tableOf(ref)) : sql<SqlBool>`${accountShown(tableOf(ref))} and ${noBlockBetween(viewer.uid, ref)}`;
/** 'u' of 'u.uid': the users row a writer reference points into. */
const tableOf = (ref: string) => ref.slice(0, ref.indexOf('.'));

type EdgeList = 'following' | 'followers' | 'friends' | 'requests';

/**
 * One page of a follow edge list, newest edge first: keyset on (created_at, uid) of the edge,
 * each list reading its own index (follows' follower and followee indexes, requests' target).
 */
async function edgePage(db: Db, viewer: Viewer, kind: EdgeList, ownerUid: string, cursor: string | undefined): Promise<WriterPage> {
  const after = decodeCursor(edgeCursor(kind), cursor);
  const base =
    kind === 'requests'
      ? db.selectFrom('followRequests as e').innerJoin('users as u', 'u.uid', 'e.requesterUid').where('e.targetUid', '=', ownerUid)
      : kind === 'followers'
        ? db.selectFrom('follows as e').innerJoin('users as u', 'u.uid', 'e.followerUid').where('e.followeeUid', '=', ownerUid)
        : db.selectFrom('follows as e').innerJoin('users as u', 'u.uid', 'e.followeeUid').where('e.followerUid', '=', ownerUid);
  let q = base.select([...WRITER_COLUMNS, 'e.created_at']).where(visibleTo(viewer, 'u.uid'));
  if (kind === 'friends') {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('follows as back').select('back.followerUid').whereRef('back.followerUid', '=', 'u.uid').where('back.followeeUid', '=', ownerUid)),
    );
  }
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('e.created_at', 'u.uid'), '<', tuple(after.t, after.u)));
  const rows = await q.orderBy('e.created_at', 'desc').orderBy('u.uid', 'desc').limit(WRITER_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, WRITER_PAGE_SIZE, (last) => encodeCursor({ k: kind, t: last.created_at, u: last.uid }));
  return { writers: await writerRows(db, viewer, items), nextCursor };
}

export const listFollowing = (db: Db, viewer: Viewer, uid: string, cursor?: string) => edgePage(db, viewer, 'following', uid, cursor);
export const listFollowers = (db: Db, viewer: Viewer, uid: string, cursor?: string) => edgePage(db, viewer, 'followers', uid, cursor);
export const listFriends = (db: Db, viewer: SignedInViewer, cursor?: string) => edgePage(db, viewer, 'friends', viewer.uid, cursor);
export const listRequests = (db: Db, viewer: SignedInViewer, cursor?: string) => edgePage(db, viewer, 'requests', viewer.uid, cursor);

/** `%`, `_` and the escape character itself, taken literally by LIKE … ESCAPE '\'. */

/** The name a writer is shown (and sorted) by, as authorName() picks it, lower-cased. */
const sortName = sql<string>`lower(coalesce(nullif(trim(${sql.ref('u.displayName')}), ''), nullif(trim(${sql.ref('u.name')}), ''), 'User'))`;

/**
 * Writers whose display name or name contains `q` (any case; SQLite folds ASCII only),
 * alphabetically, keyset on (name, uid). Never the viewer, nobody across a block. An empty
 * query finds nobody: the search is for finding someone, not for listing everyone.
 */
export async function searchWriters(db: Db, viewer: SignedInViewer, q: string, cursor: string | undefined): Promise<WriterPage> {
  const after = decodeCursor(searchCursor, cursor);
  if (q === '') return { writers: [], nextCursor: null };
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  let query = db
    .selectFrom('users as u')
    .select([...WRITER_COLUMNS, sortName.as('sortName')])
    .where('u.uid', '!=', viewer.uid)
    .where(visibleTo(viewer, 'u.uid'))
    .where(sql<SqlBool>`(lower(coalesce(${sql.ref('u.displayName')}, '')) like ${pattern} escape '\\' or lower(${sql.ref('u.name')}) like ${pattern} escape '\\')`);
  if (after) query = query.where(sql<SqlBool>`(${sortName} > ${after.n} or (${sortName} = ${after.n} and ${sql.ref('u.uid')} > ${after.u}))`);
  const rows = await query.orderBy(sortName).orderBy('u.uid').limit(WRITER_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, WRITER_PAGE_SIZE, (last) => encodeCursor({ k: 'search', n: last.sortName, u: last.uid }));
  return { writers: await writerRows(db, viewer, items), nextCursor };
}

/**
 * Who may be suggested to the viewer: not themself, nobody they follow or asked to follow,
 * nobody across a block and nobody muted either way (a mute that has ended no longer counts).
 */
function suggestable(viewer: SignedInViewer, ref: string, now: string): Expression<SqlBool> {
  const other = sql.ref(ref);
  return sql<SqlBool>`${other} <> ${viewer.uid}
    and not exists (select 1 from "follows" as "sf" where "sf"."followerUid" = ${viewer.uid} and "sf"."followeeUid" = ${other})
    and not exists (select 1 from "followRequests" as "sr" where "sr"."requesterUid" = ${viewer.uid} and "sr"."targetUid" = ${other})
    and not exists (select 1 from "mutes" as "sm" where "sm"."muterUid" = ${other} and "sm"."mutedUid" = ${viewer.uid} and ("sm"."until" is null or "sm"."until" > ${now}))
    and ${noBlockBetween(viewer.uid, ref)} and ${notMutedBy(viewer.uid, ref, now)} and ${accountShown(tableOf(ref))}`;
}

/**
 * Friends of friends: writers followed by the people the viewer follows, ranked by how many
 * of them do (ties by uid, so the order is stable). Someone who follows nobody yet gets the
 * writers with the most followers, then the most recently published.
 */
export async function suggestWriters(db: Db, viewer: SignedInViewer, now: string = new Date().toISOString()): Promise<WriterRow[]> {
  const followsAnyone = await db.selectFrom('follows').select('followeeUid').where('followerUid', '=', viewer.uid).limit(1).executeTakeFirst();
  const rows = followsAnyone
    ? await db
        .selectFrom('follows as mine')
        .innerJoin('follows as theirs', 'theirs.followerUid', 'mine.followeeUid')
        .innerJoin('users as u', 'u.uid', 'theirs.followeeUid')
        .select([...WRITER_COLUMNS, (eb) => eb.fn.countAll<number>().as('n')])
        .where('mine.followerUid', '=', viewer.uid)
        .where(suggestable(viewer, 'u.uid', now))
        .groupBy([...WRITER_COLUMNS])
        .orderBy('n', 'desc')
        .orderBy('u.uid')
        .limit(SUGGESTIONS_LIMIT)
        .execute()
    : await popularWriters(db, viewer, now);
  return writerRows(db, viewer, rows);
}

async function popularWriters(db: Db, viewer: SignedInViewer, now: string) {
  const newest = sql<string>`coalesce((select max("ps"."publishedAt") from "stories" as "ps" where "ps"."uid" = ${sql.ref('u.uid')} and "ps"."public" = 1), '')`;
  return db
    .selectFrom('users as u')
    .select([...WRITER_COLUMNS, newest.as('newest')])
    .where(suggestable(viewer, 'u.uid', now))
    .where(({ eb, or, exists, selectFrom }) =>
      or([eb('u.followersCount', '>', 0), exists(selectFrom('stories as st').select('st.id').whereRef('st.uid', '=', 'u.uid').where('st.public', '=', 1))]),
    )
    .orderBy('u.followersCount', 'desc')
    .orderBy(newest, 'desc')
    .orderBy('u.uid')
    .limit(SUGGESTIONS_LIMIT)
    .execute();
}
