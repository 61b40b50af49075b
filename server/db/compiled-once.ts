import { createQueryId, type Compilable, type CompiledQuery, type InferResult, type Kysely } from 'kysely';
import type { Database } from './types';

interface Template<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query: which argument it is, or -1 for a constant of the query's own. */
  slots: number[];
}

/**
 * A query that runs on every request, built and compiled once per database and then run with
 * the request's values in place: building and compiling the same statement each time cost more
 * than running it (a users row by primary key on SQLite). `build` receives a unique marker for
 * each argument and must pass each through as a bound value (never into the SQL text, never
 * transformed): the first compile checks that, and throws if not.
 */
export function compiledOnce<Args extends string[], Q extends Compilable<unknown>>(
  build: (db: Kysely<Database>, ...args: Args) => Q,
): (db: Kysely<Database>, ...args: Args) => Promise<Array<InferResult<Q>[number]>> {
  type Row = InferResult<Q>[number];
  const templates = new WeakMap<Kysely<Database>, Template<Row>>();
  const templateFor = (db: Kysely<Database>, arity: number): Template<Row> => {
    const known = templates.get(db);
    if (known) return known;
    const markers = Array.from({ length: arity }, (_, i) => `\u0000compiled-once-argument-${i}\u0000`);
    const query = build(db, ...(markers as Args)).compile() as CompiledQuery<Row>;
    const slots = query.parameters.map((value) => markers.indexOf(value as string));
    if (markers.some((marker, i) => query.sql.includes(marker) || !slots.includes(i))) throw new Error('compiledOnce: every argument must be a bound value of the query');
    const template = { query, slots };
    templates.set(db, template);
    return template;
  };
  return async (db, ...args) => {
    const { query, slots } = templateFor(db, args.length);
    const parameters = query.parameters.map((constant, i) => (slots[i]! >= 0 ? args[slots[i]!] : constant));
    const result = await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
    return result.rows;
  };
}
