import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { ACCENT_COLORS } from '@common/me/theme';
import { PROFILE_ICONS } from '@common/profile/icons';
import { REACTION_KINDS } from '@common/stories/story';
import { countChars, countWords, DRABBLE_WORDS, storyPreview } from '@common/stories/words';
import { promptForDay } from '@common/prompts/prompts';
import { buildStoryInput, WORDS } from '../server/features/stories/test-support-builders';
import { newId } from '../server/shared/ids';
import { rareWords } from './random';

export interface SeedOptions {
  users: number;
  stories: number;
  publicShare: number;
  random: () => number;
}

export interface Seeded {
  uids: string[];
  publicIds: string[];
  rare: string[];
}

const BATCH = 5_000;

/**
 * Fills the database the way the app would have, but in bulk: users, then stories in
 * creation order (seq follows created_at) with the FTS triggers doing their work, then
 * reactions and comments with the stories' counters matching them exactly.
 */
export function seed(sqlite: BetterSqlite3.Database, options: SeedOptions): Seeded {
  const { random } = options;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.now() - 365 * 86_400_000;

  const uids = Array.from({ length: options.users }, (_, i) => `bench-user-${i}`);
  const insertUser = sqlite.prepare(
    `insert into users (uid, handle, name, email, first, last, created_at, "lastActive", "profileIcon", "colorTheme", admin, "displayName")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  const users = uids.map((uid, i) => ({
    uid,
    name: `Writer ${i}`,
    email: `writer${i}@bench.test`,
    displayName: `Writer ${i}`,
    profileIcon: pick(PROFILE_ICONS),
    colorTheme: pick(ACCENT_COLORS),
    profileImage: null,
  }));
  sqlite.transaction(() => {
    for (const u of users) insertUser.run(u.uid, u.uid.replaceAll('-', '_'), u.name, u.email, 'Writer', String(u.uid), new Date(start).toISOString(), new Date(start).toISOString(), u.profileIcon, u.colorTheme, u.displayName);
  })();

  const rare = rareWords(2_000, random);
  const insertStory = sqlite.prepare(
    `insert into stories (id, uid, title, content, public, "wordCount", created_at, updated_at, "madePublicAt", "promptGenre", "promptTheme", "promptTwist",
       "authorDisplayName", "authorProfileIcon", "authorProfileColor", "authorProfileImage")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const publicIds: string[] = [];
  const step = (365 * 86_400_000) / options.stories;
  for (let from = 0; from < options.stories; from += BATCH) {
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(options.stories, from + BATCH); i++) {
        const author = users[Math.floor(random() * users.length)]!;
        const input = buildStoryInput({}, random);
        const content = random() < 0.3 ? `${input.content} ${pick(rare)}.` : input.content;
        const isPublic = random() < options.publicShare;
        const at = new Date(start + i * step).toISOString();
        const prompt = random() < 0.8 ? input.prompt : null;
        const id = newId();
        insertStory.run(id, author.uid, input.title, content, isPublic ? 1 : 0, countWords(content), at, at, isPublic ? at : null,
          prompt?.genre ?? null, prompt?.theme ?? null, prompt?.twist ?? null,
          author.displayName, author.profileIcon, author.colorTheme, author.profileImage);
        if (isPublic) publicIds.push(id);
      }
    })();
  }

  // Reactions and comments on public stories: most get a few, some many; counters match the rows.
  const insertReaction = sqlite.prepare('insert or ignore into "storyReactions" ("storyId", uid, kind, created_at) values (?, ?, ?, ?)');
  const insertComment = sqlite.prepare('insert into "storyComments" (id, "storyId", uid, text, created_at) values (?, ?, ?, ?, ?)');
  const now = new Date().toISOString();
  for (let from = 0; from < publicIds.length; from += BATCH) {
    sqlite.transaction(() => {
      for (const id of publicIds.slice(from, from + BATCH)) {
        const reactions = Math.floor(random() ** 3 * 40);
        for (let r = 0; r < reactions; r++) insertReaction.run(id, pick(uids), pick(REACTION_KINDS), now);
        const comments = random() < 0.25 ? 1 + Math.floor(random() * 5) : 0;
        for (let c = 0; c < comments; c++) insertComment.run(newId(), id, pick(uids), 'What a twist!', now);
      }
    })();
  }
  sqlite.exec(`update stories set
    "likesCount" = (select count(*) from "storyReactions" r where r."storyId" = stories.id),
    "commentsCount" = (select count(*) from "storyComments" c where c."storyId" = stories.id)
    where public = 1`);
  return { uids, publicIds, rare };
}

/** Writes rows in bulk into any table; `types` are the PostgreSQL types of the columns. */
export interface RowWriter {
  insert(table: string, columns: string[], types: string[], rows: unknown[][]): Promise<void>;
}

export function sqliteRows(sqlite: BetterSqlite3.Database): RowWriter {
  return {
    insert: async (table, columns, _types, rows) => {
      const statement = sqlite.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      sqlite.transaction(() => {
        for (const row of rows) statement.run(...row);
      })();
    },
  };
}

export function postgresRows(client: pg.Client): RowWriter {
  return {
    insert: async (table, columns, types, rows) => {
      // One array per column, unnested back into rows: thousands of rows per round trip.
      const arrays = columns.map((_, i) => rows.map((row) => row[i]));
      const select = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
      await client.query(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${select})`, arrays);
    },
  };
}

/**
 * Words each found in about 1 % of the corpus (one of them is added to a fifth of the
 * stories): the searches between a word in most stories and one in a handful.
 */
export const MEDIUM_WORDS = [
  'amber', 'beacon', 'cinder', 'dune', 'ember', 'fjord', 'glacier', 'hollow', 'ivory', 'juniper',
  'kestrel', 'lagoon', 'meadow', 'nectar', 'obsidian', 'prairie', 'quartz', 'raven', 'saffron', 'tundra',
] as const;

export interface Corpus {
  uids: string[];
  publicIds: string[];
  /** Each in about 0.015 % of the stories (15 at 100,000). */
  rare: string[];
}

/**
 * The same corpus on either database, for bench/stories.ts: writers, drabble-length stories
 * in creation order (seq follows created_at) with common, medium and rare words, then
 * reactions and comments on public stories with the counters matching the rows. Rows go in
 * by the thousand; the search index (FTS triggers, PostgreSQL's generated column) is kept
 * by the database itself, as in production.
 */
export async function seedCorpus(writer: RowWriter, options: SeedOptions): Promise<Corpus> {
  const { random } = options;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.now() - 365 * 86_400_000;
  const at0 = new Date(start).toISOString();
  const users = Array.from({ length: options.users }, (_, i) => ({
    uid: `bench-user-${i}`,
    displayName: `Writer ${i}`,
    profileIcon: pick(PROFILE_ICONS),
    colorTheme: pick(ACCENT_COLORS),
  }));
  for (let from = 0; from < users.length; from += BATCH) {
    await writer.insert(
      'users',
      ['uid', 'handle', 'name', 'email', 'first', 'last', 'created_at', 'lastActive', 'profileIcon', 'colorTheme', 'admin', 'displayName'],
      ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'text'],
      users.slice(from, from + BATCH).map((u, i) => [u.uid, u.uid.replaceAll('-', '_'), u.displayName, `writer${from + i}@bench.test`, 'Writer', u.uid, at0, at0, u.profileIcon, u.colorTheme, 0, u.displayName]),
    );
  }

  const rare = rareWords(2_000, random);
  const publicIds: string[] = [];
  const step = (365 * 86_400_000) / options.stories;
  const now = new Date().toISOString();
  for (let from = 0; from < options.stories; from += BATCH) {
    const stories: unknown[][] = [];
    const reactions: unknown[][] = [];
    const comments: unknown[][] = [];
    for (let i = from; i < Math.min(options.stories, from + BATCH); i++) {
      const author = pick(users);
      const input = buildStoryInput({}, random);
      let content = input.content;
      if (random() < 0.2) content += ` The ${pick(MEDIUM_WORDS)}.`;
      if (random() < 0.3) content += ` ${pick(rare)}.`;
      // One story in twenty is a perfect drabble (exactly 100 words): the community's filter.
      if (random() < 0.05) content = Array.from({ length: DRABBLE_WORDS }, () => pick(WORDS)).join(' ');
      const isPublic = random() < options.publicShare;
      const at = new Date(start + i * step).toISOString();
      // Four in ten answer the day's own prompt (its prompt page); the rest carry another or none.
      const promptDay = random() < 0.4 ? at.slice(0, 10) : null;
      const prompt = promptDay ? promptForDay(promptDay) : random() < 0.8 ? input.prompt : null;
      const id = newId();
      let likes = 0;
      let commentCount = 0;
      if (isPublic) {
        publicIds.push(id);
        const pairs = new Set<string>();
        const wanted = Math.floor(random() ** 3 * 40);
        for (let r = 0; r < wanted; r++) pairs.add(`${pick(users).uid} ${pick(REACTION_KINDS)}`);
        for (const pair of pairs) {
          const [uid, kind] = pair.split(' ');
          reactions.push([id, uid, kind, now]);
        }
        likes = pairs.size;
        commentCount = random() < 0.25 ? 1 + Math.floor(random() * 5) : 0;
        for (let c = 0; c < commentCount; c++) comments.push([newId(), id, pick(users).uid, 'What a twist!', now]);
      }
      stories.push([id, author.uid, input.title, content, isPublic ? 1 : 0, countWords(content), at, at, isPublic ? at : null, isPublic ? at : null,
        prompt?.genre ?? null, prompt?.theme ?? null, prompt?.twist ?? null, likes, commentCount,
        author.displayName, author.profileIcon, author.colorTheme, storyPreview(content), countChars(content), promptDay]);
    }
    await writer.insert(
      'stories',
      ['id', 'uid', 'title', 'content', 'public', 'wordCount', 'created_at', 'updated_at', 'madePublicAt', 'publishedAt',
        'promptGenre', 'promptTheme', 'promptTwist', 'likesCount', 'commentsCount', 'authorDisplayName', 'authorProfileIcon', 'authorProfileColor', 'preview', 'charCount', 'promptDay'],
      ['text', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'text', 'text', 'int', 'text'],
      stories,
    );
    for (let r = 0; r < reactions.length; r += BATCH * 4) {
      await writer.insert('storyReactions', ['storyId', 'uid', 'kind', 'created_at'], ['text', 'text', 'text', 'text'], reactions.slice(r, r + BATCH * 4));
    }
    await writer.insert('storyComments', ['id', 'storyId', 'uid', 'text', 'created_at'], ['text', 'text', 'text', 'text', 'text'], comments);
  }
  return { uids: users.map((u) => u.uid), publicIds, rare };
}
