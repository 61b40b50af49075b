import type { Kysely } from 'kysely';
import { GREETING_TEXTS, type Greeting, type ImportSummary } from '@common/greetings/greetings';
import { greetingsToCsv, parseGreetingsCsv, planImport, type ImportPlan } from '@common/greetings/csv';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/errors';
import { newId } from '../../shared/ids';
import { allGreetings, insertGreetings, setGreetingsEnabled } from './queries';
import { changeGreetings } from './service';

/** Rows per statement: far under both databases' limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The file read and compared with the stored list; an unparseable file is a 400 and nothing else happens. */
async function planFor(db: Kysely<Database>, csv: string): Promise<{ plan: ImportPlan<Greeting>; summary: ImportSummary }> {
  const parsed = parseGreetingsCsv(csv);
  if (!parsed.ok) throw badRequest(GREETING_TEXTS.invalidCsv, 'invalid_csv');
  const plan = planImport(await allGreetings(db), parsed.rows);
  return { plan, summary: { created: plan.create.length, updated: plan.update.length, unchanged: plan.unchanged, errors: parsed.errors } };
}

/** What an import of this file would do now, without writing anything. */
export async function previewImport(ctx: ServerContext, csv: string): Promise<ImportSummary> {
  return (await planFor(ctx.db, csv)).summary;
}

/**
 * Applies a file in one transaction: greetings with the same text and punctuation take the
 * file's enabled flag, the others are created; rows with errors are left out. The plan is
 * made under the list's lock, so the counts are exactly what was written even when several
 * imports run at once. One admin log entry carries the counts.
 */
export async function applyImport(ctx: ServerContext, admin: SessionUser, csv: string): Promise<ImportSummary> {
  return changeGreetings(ctx, admin, async (trx) => {
    const { plan, summary } = await planFor(trx, csv);
    const now = new Date().toISOString();
    for (const rows of chunks(plan.create)) {
      await insertGreetings(
        trx,
        rows.map((row) => ({ id: newId(), text: row.text, punctuation: row.punctuation, enabled: row.enabled, created_at: now })),
      );
    }
    for (const enabled of [true, false]) {
      const ids = plan.update.filter((u) => u.enabled === enabled).map((u) => u.existing.id);
      for (const some of chunks(ids)) await setGreetingsEnabled(trx, some, enabled);
    }
    const changed = summary.created + summary.updated > 0;
    const details = { created: summary.created, updated: summary.updated, unchanged: summary.unchanged, errors: summary.errors.length };
    return { result: summary, log: changed ? { action: 'greetings_imported', target: 'greetings', details } : null };
  });
}

/** The whole list, in the table's order, as greetings.csv. */
export async function exportCsv(ctx: ServerContext): Promise<string> {
  return greetingsToCsv(await allGreetings(ctx.db));
}
