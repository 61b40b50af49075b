import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Runs a read-only query on the browser-test server's SQLite database, for checking what a
 * screen stored when no API shows it. The server keeps writing meanwhile (WAL allows that).
 */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SqliteDatabase(databaseFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Writes a writer's words per day straight into the browser-test server's database: set-up
 * only, for histories no browser could write in one test (a year of days, a missed one).
 */
export function seedWritingDays(uid: string, days: Record<string, number>): void {
  const db = new SqliteDatabase(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('insert into writingDays (uid, day, words) values (?, ?, ?)');
    db.transaction(() => Object.entries(days).forEach(([day, words]) => insert.run(uid, day, words)))();
  } finally {
    db.close();
  }
}

function databaseFile(): string {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return path.join(dataDir, 'drabble.sqlite');
}
