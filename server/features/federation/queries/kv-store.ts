import type { Kysely } from 'kysely';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Database } from '../../../db/types';

const iso = (ms: number) => new Date(ms).toISOString();

/** A key as stored: its JSON, so a prefix of a key is a prefix of its text (less the closing bracket). */
const keyText = (key: KvKey) => JSON.stringify(key);

/**
 * Fedify's key–value store (caches of remote documents and keys, idempotence marks) in our own
 * database, on either engine: one driver, one backup, shared by every instance. Values are JSON;
 * an entry past `expiresAt` reads as absent and is pruned by `prune`.
 */
export class KyselyKvStore implements KvStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db.selectFrom('fedKv').select(['value', 'expiresAt']).where('key', '=', keyText(key)).executeTakeFirst();
    if (!row || (row.expiresAt !== null && row.expiresAt <= iso(this.now()))) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { key: keyText(key), value: JSON.stringify(value), expiresAt: this.expiry(options) };
    await this.db
      .insertInto('fedKv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expiresAt: row.expiresAt }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('fedKv').where('key', '=', keyText(key)).execute();
  }

  /**
   * Sets `newValue` only if the key holds `expectedValue` (undefined: holds nothing), as one
   * conditional statement, so two instances racing on a key cannot both win.
   */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const text = keyText(key);
    const value = JSON.stringify(newValue);
    const expiresAt = this.expiry(options);
    const now = iso(this.now());
    if (expectedValue === undefined) {
      // An expired entry counts as absent: clear it first, then only an insert can win.
      await this.db.deleteFrom('fedKv').where('key', '=', text).where('expiresAt', '<=', now).execute();
      const inserted = await this.db.insertInto('fedKv').values({ key: text, value, expiresAt }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.db
      .updateTable('fedKv')
      .set({ value, expiresAt })
      .where('key', '=', text)
      .where('value', '=', JSON.stringify(expectedValue))
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const now = iso(this.now());
    let query = this.db
      .selectFrom('fedKv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]));
    if (prefix) {
      const whole = keyText(prefix);
      const longer = `${whole.slice(0, -1)},`;
      // substr, not LIKE: SQLite's LIKE ignores case, and keys hold URLs with % and _.
      query = query.where((eb) =>
        eb.or([eb('key', '=', whole), eb(eb.fn('substr', ['key', eb.val(1), eb.val(longer.length)]), '=', longer)]),
      );
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    }
  }

  /** Drops expired entries (a maintenance job). */
  async prune(): Promise<number> {
    const gone = await this.db.deleteFrom('fedKv').where('expiresAt', '<=', iso(this.now())).executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  private expiry(options?: KvStoreSetOptions): string | null {
    return options?.ttl ? iso(this.now() + options.ttl.total('millisecond')) : null;
  }
}
