import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/types';
import type { ObjectStorage } from '../../storage';
import { APP_VERSION } from '../version';
import { serializeVapidKeys, type VapidKeys } from '../../features/push/vapid';
import { writeArchive, type ArchiveWriter, type EntrySummary } from './archive';
import { NOT_CARRIED } from './carried';
import {
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  fileEntry,
  MANIFEST_ENTRY,
  manifestSchema,
  tableEntry,
  VAPID_KEYS_ENTRY,
  type Manifest,
} from './format';
import { openSnapshot, type Snapshot } from './snapshot';
import { uploadedFileKeys } from './uploads';
import { toPortable } from './values';

export interface BackupSource {
  dialect: Dialect;
  db: Kysely<Database>;
  /** The SQLite database file (null on PostgreSQL): the snapshot reads it on a connection of its own. */
  sqliteFile: string | null;
  storage: ObjectStorage;
  /** The secret the install signs sessions and emailed links with (auth/secret.ts). */
  authSecret: string;
  /** The Web Push key pair the install signs pushes with (push/vapid.ts): devices are subscribed to its public key. */
  vapidKeys: VapidKeys;
}

export interface BackupOptions {
  /** Runs once the snapshot is fixed, before anything is read (tests look at what it sees). */
  onSnapshot?: (snapshot: Snapshot) => Promise<void>;
  now?: () => Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  durationMs: number;
  manifest: Manifest;
}

const encoder = new TextEncoder();

async function writeTables(snapshot: Snapshot, archive: ArchiveWriter): Promise<Manifest['tables']> {
  const written: Manifest['tables'] = [];
  for (const table of snapshot.tables) {
    if (table.name in NOT_CARRIED) continue;
    const entry = archive.entry(tableEntry(table.name));
    const types = table.columns.map((c) => c.type);
    let rows = 0;
    for await (const page of snapshot.rows(table)) {
      let lines = '';
      for (const row of page) lines += `${JSON.stringify(row.map((value, i) => toPortable(types[i]!, value)))}\n`;
      rows += page.length;
      await entry.write(encoder.encode(lines));
    }
    const summary: EntrySummary = await entry.end();
    written.push({
      name: table.name,
      entry: tableEntry(table.name),
      columns: table.columns.map(({ name, type }) => ({ name, type })),
      rows,
      ...summary,
    });
  }
  return written;
}

/**
 * Writes a backup of the whole install to `file` (see format.ts for what it holds): every
 * table as one snapshot saw it, the uploaded files its rows name, the auth secret, the push
 * keys, and the manifest. The server may keep serving meanwhile.
 */
export async function createBackup(source: BackupSource, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const createdAt = now().toISOString();
  let manifest: Manifest | null = null;
  const bytes = await writeArchive(file, async (archive) => {
    const snapshot = await openSnapshot(source);
    let tables: Manifest['tables'];
    let keys: string[];
    try {
      await options.onSnapshot?.(snapshot);
      tables = await writeTables(snapshot, archive);
      keys = await uploadedFileKeys(snapshot.query, snapshot.tables);
    } finally {
      // Files come from the storage, not the database: the snapshot's transaction can end.
      await snapshot.close();
    }

    // A file is read after the snapshot: one replaced meanwhile is stored as its newer self,
    // one removed meanwhile is listed as missing (its row's image then shows as none).
    const files: Manifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of keys) {
      const object = await source.storage.get(key);
      if (!object) {
        missingFiles.push(key);
        continue;
      }
      const entry = archive.entry(fileEntry(key));
      await entry.write(object.bytes);
      files.push({ key, entry: fileEntry(key), contentType: object.contentType, ...(await entry.end()) });
    }

    const secret = archive.entry(AUTH_SECRET_ENTRY);
    await secret.write(encoder.encode(source.authSecret));
    const authSecret = { entry: AUTH_SECRET_ENTRY, ...(await secret.end()) };
    const pushKeys = archive.entry(VAPID_KEYS_ENTRY);
    await pushKeys.write(encoder.encode(serializeVapidKeys(source.vapidKeys)));
    const vapidKeys = { entry: VAPID_KEYS_ENTRY, ...(await pushKeys.end()) };

    manifest = manifestSchema.parse({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt,
      engine: snapshot.dialect,
      schemaVersion: snapshot.migrations.at(-1) ?? '',
      migrations: snapshot.migrations,
      tables,
      notCarried: snapshot.tables.filter((t) => t.name in NOT_CARRIED).map((t) => ({ name: t.name, reason: NOT_CARRIED[t.name]! })),
      files,
      missingFiles,
      authSecret,
      vapidKeys,
    } satisfies Manifest);
    const manifestEntry = archive.entry(MANIFEST_ENTRY);
    await manifestEntry.write(encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`));
    await manifestEntry.end();
  });
  return { file, bytes, durationMs: Date.now() - started, manifest: manifest! };
}
