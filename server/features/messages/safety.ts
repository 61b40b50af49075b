import type { Kysely, Transaction } from 'kysely';
import { DUPLICATE_RECIPIENTS_MAX, DUPLICATE_WINDOW_MS, MESSAGE_TEXTS, NEW_CONVERSATIONS_PER_DAY, WHO_CAN_MESSAGE, WHO_CAN_MESSAGE_DEFAULT, type WhoCanMessage } from '@common/messages/messages';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import { tooManyRequests } from '../../http/errors';
import { accountHidden } from '../../policy/profiles';
import { countConversationsStartedSince, directTextsSentSince, messagingUserRows } from './queries';

/*
 * The anti-spam rules of direct messages, exact under concurrency: every send
 * first locks the sender's users row (with the recipient's, in uid order, so two writers
 * messaging each other cannot deadlock), so one writer's sends are counted one at a time.
 * SQLite runs write transactions one at a time anyway.
 */

type Trx = Transaction<Database>;
const DAY_MS = 24 * 60 * 60_000;

/** A writer as the messaging rules read them. */
export interface MessagingUser {
  uid: string;
  name: string;
  displayName: string | null;
  created_at: string;
  whoCanMessage: WhoCanMessage;
  /** Suspended, deactivated or deleted: nobody may write to them (policy/messages.ts). */
  away: boolean;
}

export function asWhoCanMessage(value: string): WhoCanMessage {
  return WHO_CAN_MESSAGE.find((w) => w === value) ?? WHO_CAN_MESSAGE_DEFAULT;
}

/** The writers by uid (a missing one is absent); with `lock` (the dialect), their rows are held until commit (PostgreSQL), taken in uid order. */
async function messagingUsers(db: Kysely<Database>, uids: readonly string[], lock: Dialect | null): Promise<Map<string, MessagingUser>> {
  const rows = await messagingUserRows(db, [...new Set(uids)].sort(), lock);
  return new Map(
    rows.map((r) => [r.uid, { uid: r.uid, name: r.name, displayName: r.displayName, created_at: r.created_at, whoCanMessage: asWhoCanMessage(r.whoCanMessage), away: accountHidden(r) }]),
  );
}

export const readMessagingUsers = (db: Kysely<Database>, uids: readonly string[]) => messagingUsers(db, uids, null);
export const lockMessagingUsers = (trx: Trx, dialect: Dialect, uids: readonly string[]) => messagingUsers(trx, uids, dialect);

/** 429 when the sender has started NEW_CONVERSATIONS_PER_DAY conversations in the last 24 hours. */
export async function assertDailyCap(trx: Trx, sender: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  if ((await countConversationsStartedSince(trx, sender, since)) >= NEW_CONVERSATIONS_PER_DAY) throw tooManyRequests(MESSAGE_TEXTS.tooManyNew);
}

/** Texts compare without surrounding space or case: "Hi" and " hi " are the same message. */
const sameText = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * 429 when the sender already sent this text to DUPLICATE_RECIPIENTS_MAX other people in
 * direct conversations within DUPLICATE_WINDOW_MS (the same person again is not spam). The
 * messages limit (20 per 30 s) bounds how many rows this reads.
 */
export async function assertNotBroadcast(trx: Trx, sender: string, recipient: string, text: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  const rows = await directTextsSentSince(trx, sender, recipient, since);
  const recipients = new Set(rows.filter((r) => sameText(r.text, text)).map((r) => r.uid));
  if (recipients.size >= DUPLICATE_RECIPIENTS_MAX) throw tooManyRequests(MESSAGE_TEXTS.sameText);
}
