import type BetterSqlite3 from 'better-sqlite3';
import { ACCENT_COLORS } from '@common/theme';
import { PROFILE_ICONS } from '@common/profile-icons';
import { REACTION_KINDS } from '@common/story';
import { countWords } from '@common/words';
import { buildStoryInput } from '../server/features/stories/builders';
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
    `insert into users (uid, name, email, first, last, created_at, "lastActive", "profileIcon", "colorTheme", admin, "displayName")
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
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
    for (const u of users) insertUser.run(u.uid, u.name, u.email, 'Writer', String(u.uid), new Date(start).toISOString(), new Date(start).toISOString(), u.profileIcon, u.colorTheme, u.displayName);
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
