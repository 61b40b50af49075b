import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Runs a read-only query on the browser-test server's SQLite database, for checking what a
 * screen stored when no API shows it. The server keeps writing meanwhile (WAL allows that).
 */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  const db = new SqliteDatabase(path.join(dataDir, 'drabble.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
