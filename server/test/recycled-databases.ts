import pg from 'pg';

/**
 * PostgreSQL test databases, used again by the worker's next test file once emptied back to the
 * migrated template's state, instead of a CREATE DATABASE … TEMPLATE per file.
 *
 * Why: a database is about 600 files (its own catalogs, and the app's 54 tables and 137
 * indexes), and on these machines creating a file costs about a millisecond of kernel time:
 * CREATE DATABASE took 0.4–0.7 s (system time, as process accounting shows it) for each of the
 * suite's PostgreSQL test files. Emptying a used one takes a few statements and creates no file.
 *
 * A database is used again only when nothing but its rows changed: before it is emptied, a
 * fingerprint of its schema (relations, columns, defaults, constraints, indexes, triggers,
 * functions, views, schemas, extensions, its own settings) must equal the template's, taken from
 * a fresh copy; otherwise (a test added a trigger, say) it is dropped as before. Emptying runs as
 * the superuser with triggers and foreign keys off (session_replication_role = replica): every
 * table is emptied, the template's own rows (the migration records, the greetings…) are put back
 * as they were, byte for byte through PostgreSQL's own text form, and every sequence is set back.
 * What a database keeps from its last use is physical only: dead rows for VACUUM, statistics.
 */

/** The template's state as a fresh copy has it, and the statements that bring a used copy back to it. */
export interface Pristine {
  fingerprint: string;
  resetSql: string;
}

/**
 * One statement, for the database it runs in: a digest of everything but the rows. Temporary
 * schemas are left out (a session's own); relfilenodes too (VACUUM FULL changes them, harmlessly).
 */
const FINGERPRINT_SQL = `
with own_namespaces as (
  select oid, nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'
), parts as (
  select concat_ws(' ', 'schema', nspname) as part from own_namespaces
  union all select concat_ws(' ', 'relation', c.oid::regclass, c.relkind, c.relpersistence) from pg_class c join own_namespaces n on n.oid = c.relnamespace
  union all select concat_ws(' ', 'column', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attisdropped, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join own_namespaces n on n.oid = c.relnamespace left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0
  union all select concat_ws(' ', 'constraint', con.conrelid::regclass, con.conname, pg_get_constraintdef(con.oid)) from pg_constraint con join own_namespaces n on n.oid = con.connamespace
  union all select concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid)) from pg_index i join pg_class c on c.oid = i.indexrelid join own_namespaces n on n.oid = c.relnamespace
  union all select concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid), t.tgenabled) from pg_trigger t join pg_class c on c.oid = t.tgrelid join own_namespaces n on n.oid = c.relnamespace where not t.tgisinternal
  union all select concat_ws(' ', 'function', p.oid::regprocedure, md5(pg_get_functiondef(p.oid))) from pg_proc p join own_namespaces n on n.oid = p.pronamespace where p.prokind in ('f', 'p')
  union all select concat_ws(' ', 'view', c.oid::regclass, md5(pg_get_viewdef(c.oid))) from pg_class c join own_namespaces n on n.oid = c.relnamespace where c.relkind in ('v', 'm')
  union all select concat_ws(' ', 'rule', r.rulename, md5(pg_get_ruledef(r.oid))) from pg_rewrite r join pg_class c on c.oid = r.ev_class join own_namespaces n on n.oid = c.relnamespace where r.rulename <> '_RETURN'
  union all select concat_ws(' ', 'policy', pol.polname, pol.polrelid::regclass) from pg_policy pol
  union all select concat_ws(' ', 'extension', extname, extversion) from pg_extension
  union all select concat_ws(' ', 'setting', array_to_string(s.setconfig, ',')) from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = current_database()
)
select md5(string_agg(part, E'\\n' order by part)) as fingerprint from parts`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads a fresh copy of the template: its fingerprint, and the statements that empty a used copy back to it. */
export async function readPristine(client: pg.Client): Promise<Pristine> {
  const { rows: fingerprintRows } = await client.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum)::text[] as columns
    from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') order by c.relname`);
  const { rows: sequences } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'S' order by c.relname`,
  );
  const statements = ['begin', 'set local session_replication_role = replica'];
  const restores: string[] = [];
  for (const { name, columns } of tables) {
    statements.push(`delete from ${ident(name)}`);
    // The rows as PostgreSQL writes them (its own text form, exact for every type), put back by the same.
    const { rows } = await client.query<{ rows: string | null }>(`select array_agg(_row)::text as rows from ${ident(name)} _row`);
    const kept = rows[0]?.rows;
    if (!kept) continue;
    const list = columns.map(ident).join(', ');
    restores.push(`insert into ${ident(name)} (${list}) overriding system value select ${list} from unnest(${client.escapeLiteral(kept)}::${ident(name)}[])`);
  }
  statements.push(...restores);
  for (const { name } of sequences) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${ident(name)}`);
    const state = rows[0]!;
    statements.push(`select setval(${client.escapeLiteral(ident(name))}, ${state.last_value}, ${state.is_called})`);
  }
  statements.push('commit');
  return { fingerprint: fingerprintRows[0]!.fingerprint, resetSql: statements.join(';\n') };
}

/**
 * Takes the database `name` away from whatever still reaches it, under a new name: every session
 * on it is ended (a handle a test left open, PgBouncer's server connections) and it is renamed,
 * so that a pool or process of the file that used it, reconnecting by the old name (through
 * PgBouncer, transparently), finds no database instead of the next file's. Returns the new name.
 */
export async function takeAway(admin: pg.Client, name: string, newName: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    // Waits (up to 5 s each) until each session has ended, not only been told to.
    await admin.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [name]);
    try {
      await admin.query(`alter database ${ident(name)} rename to ${ident(newName)}`);
      return newName;
    } catch (err) {
      // 55006: someone connected again in between; end them again.
      if ((err as { code?: string }).code !== '55006' || attempt >= 5) throw err;
    }
  }
}

/**
 * Brings the database `client` is connected to (taken away first) back to `pristine`. Returns
 * false, and changes nothing, when its schema is not the template's any more (it is to be dropped).
 */
export async function emptyForReuse(client: pg.Client, pristine: Pristine): Promise<boolean> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  if (rows[0]?.fingerprint !== pristine.fingerprint) return false;
  try {
    await client.query(pristine.resetSql);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
  return true;
}
