import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, EmailQueueTable } from '../db/types';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import type { EmailMessage, Mailer } from './mailer';

/**
 * One outbox for every email (docs/decisions/0030-staying-up.md). An email is
 * written to `emailQueue` whole before it is sent, so nothing is lost while the SMTP server
 * is down or refusing, or across a restart; each try is claimed with a conditional UPDATE, so
 * of several instances only one sends it; a failed try is retried with backoff until the
 * email is RETRY_FOR_MS old. It is deleted once the SMTP server accepted it.
 *
 * Sending and deleting cannot be one atomic step: an instance that dies between the two
 * leaves the email to be sent again when its claim runs out (CLAIM_MS, far longer than a try
 * may take). Every try carries the same Message-ID, so a receiving server can tell a retry.
 */

/** How long an email is tried before it is given up (logged at error, counted). */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** The wait after the first failed try, doubling up to the longest. */
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 30 * 60 * 1000;
/** A claimed email belongs to its instance this long: past every SMTP timeout (email/mailer.ts). */
const CLAIM_MS = 5 * 60 * 1000;
/** Emails one pass takes on; the rest wait for the next. */
const BATCH = 20;

type Queued = Selectable<EmailQueueTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Milliseconds before the next try, after `attempts` failed ones. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The failure in one line for the row and the log: SMTP's response when there was one. */
function failureOf(err: unknown): string {
  const { response, code, message } = (err ?? {}) as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof response === 'string' ? response : typeof message === 'string' ? message : String(err);
  return `${typeof code === 'string' ? `${code}: ` : ''}${text}`.slice(0, 500);
}

export type SendOutcome = 'sent' | 'queued';

export class EmailQueue {
  /** Claims are made in this instance's name, each with its own token: two passes here are told apart too. */
  private readonly instance = crypto.randomUUID();
  private readonly host: string;
  private pass: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    publicUrl: string,
  ) {
    this.host = new URL(publicUrl).hostname;
  }

  /**
   * Writes an email to the queue in `db` (a transaction: it is queued only if that commits).
   * Call `kick()` once committed to send it now rather than at the next tick.
   */
  async add(db: Db, message: EmailMessage, now = Date.now(), claimed = false): Promise<string> {
    const id = crypto.randomUUID();
    const claim = this.claimToken();
    await db
      .insertInto('emailQueue')
      .values({
        id,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        createdAt: iso(now),
        nextAttemptAt: iso(now),
        attempts: claimed ? 1 : 0,
        claimedBy: claimed ? claim : null,
        claimedUntil: claimed ? iso(now + CLAIM_MS) : null,
      })
      .execute();
    return id;
  }

  /** Queues an email and sends it in the background: once this resolves, it is in the database. */
  async enqueue(message: EmailMessage): Promise<void> {
    await this.add(this.db, message);
    this.kick();
  }

  /**
   * For a person who is waiting on the email: queued (claimed by this instance, so no other
   * sends it meanwhile), then tried at once. 'sent' once the SMTP server took it; 'queued'
   * when it refused or could not be reached: the email stays queued and is retried.
   */
  async sendNow(message: EmailMessage, now = Date.now()): Promise<SendOutcome> {
    const id = await this.add(this.db, message, now, true);
    const row = await this.db.selectFrom('emailQueue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return (await this.attempt(row, now)) ? 'sent' : 'queued';
  }

  /** Sends what is due now, in the background, one pass at a time (a kick during a pass runs another). */
  kick(): void {
    if (this.closed) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = (async () => {
      do {
        this.again = false;
        await this.deliverDue(Date.now()).catch((err: unknown) => this.logger.warn({ err }, 'email queue pass failed'));
      } while (this.again && !this.closed);
    })().finally(() => (this.pass = null));
  }

  /**
   * Claims and sends the emails due at `now` (ms; tests pass a later clock to skip the
   * backoff). Returns how many were sent.
   */
  async deliverDue(now: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.db
        .selectFrom('emailQueue')
        .select('id')
        .where('nextAttemptAt', '<=', iso(now))
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', iso(now))]))
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const { id } of due) {
        const row = await this.claim(id, now);
        if (row && (await this.attempt(row, now))) sent += 1;
      }
      if (due.length < BATCH || this.closed) return sent;
    }
  }

  /** The email, claimed for one try by this pass, or undefined when another pass has it (or it is gone or not due). */
  private claim(id: string, now: number): Promise<Queued | undefined> {
    return this.db
      .updateTable('emailQueue')
      .set({ claimedBy: this.claimToken(), claimedUntil: iso(now + CLAIM_MS), attempts: sql<number>`${sql.ref('attempts')} + 1` })
      .where('id', '=', id)
      .where('nextAttemptAt', '<=', iso(now))
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', iso(now))]))
      .returningAll()
      .executeTakeFirst();
  }

  /** One try of a claimed email; true when the SMTP server took it. */
  private async attempt(row: Queued, now: number): Promise<boolean> {
    const message: EmailMessage = {
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
      messageId: `<${row.id}@${this.host}>`,
    };
    try {
      await this.mailer.send(message);
    } catch (err) {
      await this.failed(row, now, err);
      return false;
    }
    this.metrics.emailsSent.inc();
    // Past its claim another pass may have taken it too: then it goes out twice.
    if (!(await this.remove(row))) this.logger.warn({ email: { subject: row.subject } }, 'a sent email was no longer claimed by this instance');
    return true;
  }

  private async failed(row: Queued, now: number, err: unknown): Promise<void> {
    const failure = failureOf(err);
    const attempts = Number(row.attempts);
    if (now - Date.parse(row.createdAt) >= RETRY_FOR_MS) {
      this.metrics.emailsFailed.inc({ outcome: 'given_up' });
      this.logger.error({ email: { to: row.recipient, subject: row.subject }, attempts, failure }, 'email given up after 24 hours of failed tries');
      await this.remove(row);
      return;
    }
    this.metrics.emailsFailed.inc({ outcome: 'retrying' });
    const wait = retryDelay(attempts);
    this.logger.warn({ email: { subject: row.subject }, attempts, retryInMs: wait, failure }, 'could not send an email; it stays queued');
    await this.db
      .updateTable('emailQueue')
      .set({ nextAttemptAt: iso(now + wait), lastError: failure, claimedBy: null, claimedUntil: null })
      .where('id', '=', row.id)
      .where('claimedBy', '=', row.claimedBy)
      .execute();
  }

  /** Deletes the email if this claim still holds it; false when it did not. */
  private async remove(row: Queued): Promise<boolean> {
    const gone = await this.db.deleteFrom('emailQueue').where('id', '=', row.id).where('claimedBy', '=', row.claimedBy).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  private claimToken(): string {
    return `${this.instance}:${crypto.randomUUID()}`;
  }

  /** How many wait, and how old the oldest is (seconds): the metrics read it when scraped. */
  async state(now = Date.now()): Promise<{ waiting: number; oldestSeconds: number }> {
    const row = await this.db
      .selectFrom('emailQueue')
      .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min<string | null>('createdAt').as('oldest')])
      .executeTakeFirst();
    const oldest = row?.oldest ? Date.parse(row.oldest) : now;
    return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Math.max(0, (now - oldest) / 1000) };
  }

  /** Stops starting passes and waits for the one running. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pass;
  }
}
