import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { expect } from '@playwright/test';
import { NEW_ACCOUNT_MESSAGING_DELAY_MS } from '../../common/messages/messages';

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

/**
 * Accounts younger than 24 hours cannot start conversations with anyone but friends, and test accounts are seconds
 * old: makes this one a day older in the browser-test database (the server reads the account's
 * age from it on every request). The rule itself stays as it is. `byMs`: older still (the
 * contest's seven days, say).
 */
export function ageAccount(who: { uid: string }, byMs = NEW_ACCOUNT_MESSAGING_DELAY_MS + 60 * 60_000): void {
  const db = new SqliteDatabase(databaseFile(), { fileMustExist: true, timeout: 5000 });
  try {
    const created = new Date(Date.now() - byMs).toISOString();
    expect(db.prepare('UPDATE users SET created_at = ? WHERE uid = ?').run(created, who.uid).changes).toBe(1);
  } finally {
    db.close();
  }
}

/** The contest's four instants, moved straight in the browser-test database: the week passing, in a test. */
export function moveContest(id: string, windows: { entryOpensAt: string; entryClosesAt: string; votingOpensAt: string; votingClosesAt: string }): void {
  const db = new SqliteDatabase(databaseFile(), { fileMustExist: true, timeout: 5000 });
  try {
    const moved = db
      .prepare('UPDATE contests SET entryOpensAt = ?, entryClosesAt = ?, votingOpensAt = ?, votingClosesAt = ? WHERE id = ?')
      .run(windows.entryOpensAt, windows.entryClosesAt, windows.votingOpensAt, windows.votingClosesAt, id);
    expect(moved.changes).toBe(1);
  } finally {
    db.close();
  }
}

function databaseFile(): string {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return path.join(dataDir, 'drabble.sqlite');
}
