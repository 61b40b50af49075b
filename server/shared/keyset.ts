/**
 * Rows read a page at a time, for what streams a long list (an export, a book): `fetch(after)`
 * reads the page after `after` (the previous page's last row; null for the first), and the walk
 * ends at a page shorter than `pageSize`.
 */
export async function* keysetPages<R>(pageSize: number, fetch: (after: R | null) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    const rows = await fetch(after);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}
