import type { Kysely } from 'kysely';
import { z } from 'zod';
import { WRITER_PAGE_SIZE, type WriterPage } from '@common/follows/follows';
import { USER_ID_PATTERN } from '@common/stories/story';
import type { Database } from '../../db/types';
import type { SignedInViewer } from '../../policy/viewer';
import { cursorField, decodeCursor, encodeCursor, pageOf } from '../../shared/cursor';
import { WRITER_COLUMNS, writerRows } from '../follows';

type Db = Kysely<Database>;

const uidField = z.string().regex(USER_ID_PATTERN);
const blockCursor = z.object({ k: z.literal('blocks'), c: cursorField.time, u: uidField });
const muteCursor = z.object({ k: z.literal('mutes'), c: cursorField.time, u: uidField });

/** The writers the viewer blocks, most recently blocked first (for /settings). */
export async function listBlocks(db: Db, viewer: SignedInViewer, cursor: string | undefined): Promise<WriterPage> {
  const after = decodeCursor(blockCursor, cursor);
  let q = db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.uid', 'b.blockedUid')
    .select([...WRITER_COLUMNS, 'b.created_at'])
    .where('b.blockerUid', '=', viewer.uid);
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('b.created_at', 'u.uid'), '<', tuple(after.c, after.u)));
  const rows = await q.orderBy('b.created_at', 'desc').orderBy('u.uid', 'desc').limit(WRITER_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, WRITER_PAGE_SIZE, (last) => encodeCursor({ k: 'blocks', c: last.created_at, u: last.uid }));
  return { writers: await writerRows(db, viewer, items), nextCursor };
}

/** The writers the viewer mutes now (an ended mute is no mute), most recently muted first, with when each mute ends. */
export async function listMutes(db: Db, viewer: SignedInViewer, cursor: string | undefined, now = new Date().toISOString()): Promise<WriterPage> {
  const after = decodeCursor(muteCursor, cursor);
  let q = db
    .selectFrom('mutes as m')
    .innerJoin('users as u', 'u.uid', 'm.mutedUid')
    .select([...WRITER_COLUMNS, 'm.created_at', 'm.until'])
    .where('m.muterUid', '=', viewer.uid)
    .where((eb) => eb.or([eb('m.until', 'is', null), eb('m.until', '>', now)]));
  if (after) q = q.where(({ eb, refTuple, tuple }) => eb(refTuple('m.created_at', 'u.uid'), '<', tuple(after.c, after.u)));
  const rows = await q.orderBy('m.created_at', 'desc').orderBy('u.uid', 'desc').limit(WRITER_PAGE_SIZE + 1).execute();
  const { items, nextCursor } = pageOf(rows, WRITER_PAGE_SIZE, (last) => encodeCursor({ k: 'mutes', c: last.created_at, u: last.uid }));
  const writers = await writerRows(db, viewer, items);
  return { writers: writers.map((w, i) => ({ ...w, mutedUntil: items[i]?.until ?? null })), nextCursor };
}

/** The block, unless it is already there: the rows really inserted (none or one). */
export function insertBlock(db: Db, blockerUid: string, blockedUid: string, createdAt: string) {
  return db
    .insertInto('blocks')
    .values({ blockerUid, blockedUid, created_at: createdAt })
    .onConflict((oc) => oc.columns(['blockerUid', 'blockedUid']).doNothing())
    .returning('blockerUid')
    .execute();
}

/** Lifts the block: the rows really deleted (none or one). */
export function deleteBlock(db: Db, blockerUid: string, blockedUid: string) {
  return db.deleteFrom('blocks').where('blockerUid', '=', blockerUid).where('blockedUid', '=', blockedUid).returning('blockerUid').execute();
}

/** The mute until `until` (null: forever), replacing any earlier end. */
export async function upsertMute(db: Db, muterUid: string, mutedUid: string, until: string | null, createdAt: string): Promise<void> {
  await db
    .insertInto('mutes')
    .values({ muterUid, mutedUid, until, created_at: createdAt })
    .onConflict((oc) => oc.columns(['muterUid', 'mutedUid']).doUpdateSet({ until, created_at: createdAt }))
    .execute();
}

/** Ends the mute: the rows really deleted (none or one). */
export function deleteMute(db: Db, muterUid: string, mutedUid: string) {
  return db.deleteFrom('mutes').where('muterUid', '=', muterUid).where('mutedUid', '=', mutedUid).returning('muterUid').execute();
}
