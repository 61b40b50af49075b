import { z } from 'zod';

/**
 * The backup file (docs/decisions/0029-backups.md): one zip, the same whichever database made
 * it. Its entries, in the order they are written:
 * - `tables/<name>.jsonl`: one line per row, a JSON array of the values in the order of the
 *   manifest's `columns` for that table (portable values: see values.ts);
 * - `files/<key>`: each uploaded file's bytes (profileImages/<uid>);
 * - `auth-secret`: the secret sessions and emailed links are signed with;
 * - `vapid-keys.json`: the Web Push key pair (push/vapid.ts), as DATA_DIR keeps it: every
 *   subscribed device is bound to its public key (backups made before it was carried lack it);
 * - `manifest.json`, last (it holds every other entry's checksum): the app and schema
 *   versions, each table's columns, row count and sha256, each file's key, type and sha256.
 */

export const BACKUP_FORMAT = 'drabble-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = 'zip';
export const MANIFEST_ENTRY = 'manifest.json';
export const AUTH_SECRET_ENTRY = 'auth-secret';
export const VAPID_KEYS_ENTRY = 'vapid-keys.json';
export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

/** How a column's values are written, whichever database they came from. */
export const LOGICAL_TYPES = ['text', 'integer', 'real', 'boolean', 'timestamp', 'json', 'bytes'] as const;
export type LogicalType = (typeof LOGICAL_TYPES)[number];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  /** The database the backup was taken from: informative only, the data do not depend on it. */
  engine: z.enum(['sqlite', 'postgres']),
  /** The schema version: the newest migration applied (by name). */
  schemaVersion: z.string(),
  /** Every migration applied when the backup was taken: the schema its rows are restored into. */
  migrations: z.array(z.string()).min(1),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      entry: z.string(),
      columns: z.array(z.object({ name: z.string().min(1), type: z.enum(LOGICAL_TYPES) })).min(1),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256: sha256Hex,
    }),
  ),
  /** Tables that are left out on purpose, each with why (tables.ts NOT_CARRIED). */
  notCarried: z.array(z.object({ name: z.string(), reason: z.string() })),
  files: z.array(
    z.object({
      key: z.string().min(1),
      entry: z.string(),
      contentType: z.string(),
      bytes: z.number().int().min(0),
      sha256: sha256Hex,
    }),
  ),
  /** Rows that name an uploaded file the storage no longer had when it was read (removed meanwhile). */
  missingFiles: z.array(z.string()),
  authSecret: z.object({ entry: z.string(), bytes: z.number().int().min(0), sha256: sha256Hex }),
  /** The push keys' entry; absent from backups made before they were carried. */
  vapidKeys: z.object({ entry: z.string(), bytes: z.number().int().min(0), sha256: sha256Hex }).optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];

/** Every entry the manifest vouches for, with its size and checksum. */
export function manifestEntries(manifest: Manifest): Map<string, { bytes: number; sha256: string; rows?: number }> {
  const entries = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const t of manifest.tables) entries.set(t.entry, { bytes: t.bytes, sha256: t.sha256, rows: t.rows });
  for (const f of manifest.files) entries.set(f.entry, { bytes: f.bytes, sha256: f.sha256 });
  entries.set(manifest.authSecret.entry, { bytes: manifest.authSecret.bytes, sha256: manifest.authSecret.sha256 });
  if (manifest.vapidKeys) entries.set(manifest.vapidKeys.entry, { bytes: manifest.vapidKeys.bytes, sha256: manifest.vapidKeys.sha256 });
  return entries;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `drabble-backup-<yyyymmdd-hhmmss>.zip`, in UTC: names sort by time. */
export function defaultBackupName(at: Date): string {
  const day = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `${BACKUP_FORMAT}-${day}-${time}.${BACKUP_EXTENSION}`;
}

/** The names defaultBackupName makes (the schedule deletes only these). */
export const BACKUP_NAME_PATTERN = /^drabble-backup-\d{8}-\d{6}\.zip$/;

/** "3.2 MB": the commands and the admin dashboard write sizes alike. */
export { formatBytes } from '@common/backups/backups';

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const formatCount = (n: number) => n.toLocaleString('en-US');
