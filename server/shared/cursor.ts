import { z } from 'zod';
import { badRequest } from '../http/errors';
import { ID_PATTERN } from './ids';

/**
 * Keyset-paging cursors: the sort key of the last item shown, as opaque base64url JSON.
 * The schema says which kind of list a cursor belongs to, so one from another list or
 * sort order is refused rather than misread.
 */
/**
 * The fields a cursor may carry, bounded like the columns they are compared with: a value
 * outside them (2^40 likes, a NUL in a timestamp) is a bad cursor, never a database error.
 */
export const cursorField = {
  /** stories.seq: bigserial / rowid. */
  seq: z.number().int().min(0),
  /** An integer column (likesCount). */
  count: z.number().int().min(0).max(2_147_483_647),
  /** A created_at: an ISO timestamp as stored. */
  time: z.string().regex(/^[0-9][0-9T:.+Z-]{0,39}$/),
  /** A story or comment id. */
  id: z.string().regex(ID_PATTERN),
};

export function encodeCursor(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | undefined): z.infer<S> | null {
  if (cursor === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest('This list has changed. Please reload it.', 'invalid_cursor');
  return parsed.data;
}

/** Fetch one more than the page size to learn whether another page follows. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
