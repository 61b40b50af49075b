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
