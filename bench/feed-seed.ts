import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { ACCENT_COLORS } from '@common/me/theme';
import { PROFILE_ICONS } from '@common/profile/icons';
import { countChars, storyPreview } from '@common/stories/words';
import { randomText, randomTitle } from '../server/features/stories/test-support-builders';
import { newId } from '../server/shared/ids';

/**
 * Bulk seeding for bench/feed.ts, on either database: writers, a year of stories and follow
 * rows, written the fastest way each database offers (one prepared statement inside large
 * transactions on SQLite; multi-row `insert … select from unnest(arrays)` on PostgreSQL).
 */

export const YEAR_MS = 365 * 86_400_000;
const BATCH = 10_000;

export interface StoryRow {
  id: string;
  uid: string;
  title: string;
  content: string;
  public: number;
  wordCount: number;
  at: string;
  publishedAt: string | null;
  likesCount: number;
  commentsCount: number;
  viewsCount: number;
  authorDisplayName: string;
  authorProfileIcon: string;
  authorProfileColor: string;
}

export interface UserRow {
  uid: string;
  displayName: string;
  profileIcon: string;
  colorTheme: string;
}

/** Writes rows in batches; `columns` name them, each row gives the values in that order. */
export interface BulkWriter {
  insert(table: 'users' | 'stories' | 'follows', columns: string[], types: string[], rows: unknown[][]): Promise<void>;
}

export function sqliteWriter(sqlite: BetterSqlite3.Database): BulkWriter {
  return {
    insert: async (table, columns, _types, rows) => {
      const statement = sqlite.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      sqlite.transaction(() => {
        for (const row of rows) statement.run(...row);
      })();
    },
  };
}

export function postgresWriter(client: pg.Client): BulkWriter {
  return {
    insert: async (table, columns, types, rows) => {
      // One array per column, unnested back into rows: thousands of rows per round trip.
      const arrays = columns.map((_, i) => rows.map((row) => row[i]));
      const select = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
      await client.query(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${select})`, arrays);
    },
  };
}

export async function seedUsers(writer: BulkWriter, count: number, random: () => number, start: number): Promise<UserRow[]> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const users = Array.from({ length: count }, (_, i) => ({
    uid: `bench-user-${i}`,
    displayName: `Writer ${i}`,
    profileIcon: pick(PROFILE_ICONS),
    colorTheme: pick(ACCENT_COLORS),
  }));
  const at = new Date(start).toISOString();
  for (let from = 0; from < count; from += BATCH) {
    const rows = users.slice(from, from + BATCH).map((u, i) => [u.uid, u.displayName, `writer${from + i}@bench.test`, 'Writer', u.uid, at, at, u.profileIcon, u.colorTheme, 0, u.displayName]);
    await writer.insert(
      'users',
      ['uid', 'name', 'email', 'first', 'last', 'created_at', 'lastActive', 'profileIcon', 'colorTheme', 'admin', 'displayName'],
      ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'text'],
      rows,
    );
  }
  return users;
}

/** `count` stories over the year before now, in publishing order; `publicShare` of them public. */
export async function seedStories(writer: BulkWriter, users: UserRow[], count: number, publicShare: number, random: () => number, start: number): Promise<void> {
  const step = YEAR_MS / count;
  for (let from = 0; from < count; from += BATCH) {
    const rows: unknown[][] = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      const author = users[Math.floor(random() * users.length)]!;
      const isPublic = random() < publicShare;
      const at = new Date(start + i * step).toISOString();
      const content = randomText(12 + Math.floor(random() * 20), random);
      rows.push([
        newId(), author.uid, randomTitle(random), content, isPublic ? 1 : 0, content.split(/\s+/).length, at, at, isPublic ? at : null, isPublic ? at : null,
        Math.floor(random() ** 3 * 40), random() < 0.25 ? 1 + Math.floor(random() * 5) : 0, Math.floor(random() * 200),
        author.displayName, author.profileIcon, author.colorTheme, storyPreview(content), countChars(content),
      ]);
    }
    await writer.insert(
      'stories',
      ['id', 'uid', 'title', 'content', 'public', 'wordCount', 'created_at', 'updated_at', 'madePublicAt', 'publishedAt', 'likesCount', 'commentsCount', 'viewsCount',
        'authorDisplayName', 'authorProfileIcon', 'authorProfileColor', 'preview', 'charCount'],
      ['text', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'text', 'text', 'int', 'int', 'int', 'text', 'text', 'text', 'text', 'int'],
      rows,
    );
  }
}

/** `followerUid` follows `count` distinct writers picked at random. */
export async function seedFollows(writer: BulkWriter, followerUid: string, users: UserRow[], count: number, random: () => number): Promise<void> {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(users[Math.floor(random() * users.length)]!.uid);
  const at = new Date().toISOString();
  const rows = [...chosen].map((uid) => [followerUid, uid, at]);
  for (let from = 0; from < rows.length; from += BATCH) {
    await writer.insert('follows', ['followerUid', 'followeeUid', 'created_at'], ['text', 'text', 'text'], rows.slice(from, from + BATCH));
  }
}
