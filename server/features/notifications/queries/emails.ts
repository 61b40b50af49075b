import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PendingEmailsTable } from '../../../db/types';
import { fromDbBool } from '../../../db/bool';

/* What delivering the notification emails (emails.ts) reads and writes. */

type Db = Kysely<Database>;

export type PendingEmail = Selectable<PendingEmailsTable>;

/** Takes up to `limit` due rows off the table; a row another instance took first is simply not returned here. */
export async function claimDueEmails(db: Db, nowIso: string, limit: number): Promise<PendingEmail[]> {
  const due = await db.selectFrom('pendingEmails').select('id').where('dueAt', '<=', nowIso).orderBy('dueAt').limit(limit).execute();
  if (due.length === 0) return [];
  return db
    .deleteFrom('pendingEmails')
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .returningAll()
    .execute();
}

/** Whether the conversation is unread for the person. */
export async function isConversationUnread(db: Db, conversationId: string, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversationParticipants')
    .select('unread')
    .where('conversationId', '=', conversationId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row !== undefined && fromDbBool(row.unread);
}

/**
 * Records this email (or push) as the type's latest for the person, unless one went out after
 * `cutoff`: one conditional upsert, so two instances never both pass.
 */
export async function takeIntervalSlot(db: Db, table: 'notificationEmails' | 'notificationPushes', uid: string, type: string, nowIso: string, cutoff: string): Promise<boolean> {
  // Both tables are (uid, type, lastSentAt): the email's slots and the push's, kept apart.
  const taken = await db
    .insertInto(table as 'notificationEmails')
    .values({ uid, type, lastSentAt: nowIso })
    .onConflict((oc) =>
      oc
        .columns(['uid', 'type'])
        .doUpdateSet({ lastSentAt: nowIso })
        .where(sql.ref(`${table}.lastSentAt`), '<=', cutoff),
    )
    .returning('uid')
    .execute();
  return taken.length > 0;
}

/** The names of whoever else wrote last in the conversation. */
export function lastOtherSender(db: Db, conversationId: string, uid: string) {
  return db
    .selectFrom('conversationMessages as m')
    .innerJoin('users as u', 'u.uid', 'm.from')
    .select(['u.displayName', 'u.name'])
    .where('m.conversationId', '=', conversationId)
    .where('m.from', '!=', uid)
    .orderBy('m.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findTimezone(db: Db, uid: string): Promise<string | null | undefined> {
  const user = await db.selectFrom('users').select('timezone').where('uid', '=', uid).executeTakeFirst();
  return user?.timezone;
}

/** Words the writer saved on that local day (0 when none). */
export async function wordsOnDay(db: Db, uid: string, day: string): Promise<number> {
  const row = await db.selectFrom('writingDays').select('words').where('uid', '=', uid).where('day', '=', day).executeTakeFirst();
  return Number(row?.words ?? 0);
}

/** Where an email to the person goes, and whether they proved the address. */
export function findEmailRecipient(db: Db, uid: string) {
  return db.selectFrom('users').select(['email', 'name', 'displayName', 'emailVerified']).where('uid', '=', uid).executeTakeFirst();
}
