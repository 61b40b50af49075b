import type { Transaction } from 'kysely';
import { GREETING_TEXTS, greetingOfDay, type Greeting, type GreetingPunctuation, type TodayGreeting } from '@common/greetings/greetings';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { ADMINS_TOPIC } from '../../events/bus';
import { conflict, notFound } from '../../http/errors';
import { authorizeGreetings } from './policy';
import { viewerOf } from '../../policy/viewer';
import { insertAdminLog, logUserOf, type AdminLogEntry } from '../../shared/audit-log';
import { newId } from '../../shared/ids';
import { allGreetings, deleteGreetingRow, enabledGreetings, findGreeting, findSameGreeting, insertGreeting, lockGreetings, setEveryGreetingEnabled, writeGreeting } from './queries';

/** How a greeting reads in the admin log: a label that outlives the row. */
const greetingLabel = (g: { text: string; punctuation: string }) => `${g.text}${g.punctuation}`;

/**
 * A change to the list, the one way every write is made: authorized (the routes refuse
 * non-admins up front; this holds for any future caller too), in a transaction holding the
 * list's lock, with its admin log entry and the live event that refreshes the admins' open
 * tables and home greetings, committed or rolled back together. `change` returns what to
 * answer and the log entry, or null for the entry when nothing changed (no log, no event).
 */
export async function changeGreetings<R>(
  ctx: ServerContext,
  admin: SessionUser,
  change: (trx: Transaction<Database>) => Promise<{ result: R; log: Omit<AdminLogEntry, 'admin'> | null }>,
): Promise<R> {
  authorizeGreetings(viewerOf(admin), 'manage');
  return ctx.db.transaction().execute(async (trx) => {
    await lockGreetings(trx, ctx.dialect);
    const { result, log } = await change(trx);
    if (log) {
      await insertAdminLog(trx, { admin: logUserOf(admin), ...log });
      await ctx.bus.record(trx, ADMINS_TOPIC, 'greetings.changed', {});
    }
    return result;
  });
}

/** The admin table: every greeting, sorted by text. */
export const listGreetings = (ctx: ServerContext): Promise<Greeting[]> => allGreetings(ctx.db);

/** Today's greeting (UTC day) among the enabled ones; `now` is a parameter so tests can move the day. */
export async function todaysGreeting(ctx: ServerContext, now = new Date()): Promise<TodayGreeting | null> {
  return greetingOfDay(await enabledGreetings(ctx.db), now);
}

export async function createGreeting(ctx: ServerContext, admin: SessionUser, input: { text: string; punctuation: GreetingPunctuation }): Promise<Greeting> {
  return changeGreetings(ctx, admin, async (trx) => {
    if (await findSameGreeting(trx, input.text, input.punctuation)) throw conflict(GREETING_TEXTS.exists);
    const greeting: Greeting = { id: newId(), ...input, enabled: true, created_at: new Date().toISOString() };
    await insertGreeting(trx, greeting);
    return { result: greeting, log: { action: 'greeting_created', target: `greetings/${greeting.id}`, details: { greeting: greetingLabel(greeting) } } };
  });
}

export interface GreetingPatch {
  text?: string;
  punctuation?: GreetingPunctuation;
  enabled?: boolean;
}

/** Edits text and punctuation (409 when the pair exists already) or toggles enabled. */
export async function updateGreeting(ctx: ServerContext, admin: SessionUser, id: string, patch: GreetingPatch): Promise<Greeting> {
  return changeGreetings(ctx, admin, async (trx) => {
    const before = await findGreeting(trx, id);
    if (!before) throw notFound(GREETING_TEXTS.notFound);
    const after: Greeting = { ...before, ...patch };
    if (greetingLabel(after) !== greetingLabel(before) && (await findSameGreeting(trx, after.text, after.punctuation, id))) {
      throw conflict(GREETING_TEXTS.exists);
    }
    const unchanged = greetingLabel(after) === greetingLabel(before) && after.enabled === before.enabled;
    if (unchanged) return { result: before, log: null };
    await writeGreeting(trx, id, after);
    const details = {
      greeting: greetingLabel(before),
      ...(greetingLabel(after) !== greetingLabel(before) && { to: greetingLabel(after) }),
      ...(after.enabled !== before.enabled && { enabled: after.enabled }),
    };
    return { result: after, log: { action: 'greeting_updated', target: `greetings/${id}`, details } };
  });
}

export async function deleteGreeting(ctx: ServerContext, admin: SessionUser, id: string): Promise<void> {
  await changeGreetings(ctx, admin, async (trx) => {
    const greeting = await findGreeting(trx, id);
    if (!greeting) throw notFound(GREETING_TEXTS.notFound);
    await deleteGreetingRow(trx, id);
    return { result: undefined, log: { action: 'greeting_deleted', target: `greetings/${id}`, details: { greeting: greetingLabel(greeting) } } };
  });
}

/** Enable All / Disable All: one UPDATE over the rows not already so. Returns how many changed. */
export async function setAllEnabled(ctx: ServerContext, admin: SessionUser, enabled: boolean): Promise<number> {
  return changeGreetings(ctx, admin, async (trx) => {
    const updated = await setEveryGreetingEnabled(trx, enabled);
    const changed = Number(updated.numUpdatedRows);
    const log = changed > 0 ? { action: enabled ? 'greetings_enabled_all' : 'greetings_disabled_all', target: 'greetings', details: { changed } } : null;
    return { result: changed, log };
  });
}
