import { contentWarningLabel, warningsOfMask } from '@common/stories/content-warnings';
import { tagsAsText } from '@common/tags/tags';
import { profileImageKey } from '../avatars';
import { tagsOfNames } from '../tags';
import Papa from 'papaparse';
import { REACTIONS } from '@common/stories/story';
import { badgeDefinition, isBadgeId } from '@common/badges/badges';
import { YOUR_DATA_TEXTS, type ExportStatus } from '@common/your-data/your-data';
import type { ServerContext } from '../../context';
import { listPasskeys } from '../../auth/passkeys';
import { fromDbBool } from '../../db/bool';
import { oldHandlesOf } from '../../shared/handles';
import type { SignedInViewer } from '../../policy/viewer';
import {
  badgesOf,
  challengesOf,
  commentsOf,
  conversationsOf,
  favoritesOf,
  featureRequestsOf,
  personName,
  reactionsOf,
  readingListsOf,
  relationsOf,
  seriesOf,
  anthologiesOf,
  storiesOf,
  writingDaysOf,
  type ExportStoryRow,
  type RelationRow,
} from './queries/export-data';
import { claimLastExport, findLastExportAt, knownSignInsOf, profileForExport, releaseLastExport } from './queries';
import { writeFrontMatter } from './front-matter';
import { storyFileNamer } from './names';
import { README } from './readme';
import { zipStream, type ZipWriter } from '../../shared/zip-stream';
import { twoFactorOn } from '../../auth/sign-in-notice';

/** One "Download everything" per 24 hours. */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function exportStatus(lastExportAt: string | null, now: Date): ExportStatus {
  const next = lastExportAt ? new Date(Date.parse(lastExportAt) + EXPORT_INTERVAL_MS) : null;
  return { lastExportAt, nextExportAt: next && next > now ? next.toISOString() : null };
}

export async function readExportStatus(ctx: ServerContext, uid: string, now = new Date()): Promise<ExportStatus> {
  return exportStatus(await findLastExportAt(ctx.db, uid), now);
}

/**
 * Takes today's export in one conditional UPDATE: of a burst of parallel downloads exactly one
 * finds the last export missing or 24 hours old and moves it to now (PostgreSQL re-checks the
 * condition on the row the first one committed; SQLite runs writes one at a time). True when
 * this request took it.
 */
export async function claimExport(ctx: ServerContext, uid: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - EXPORT_INTERVAL_MS).toISOString();
  return claimLastExport(ctx.db, uid, now.toISOString(), cutoff);
}

/** An export that failed on our side does not use up the day: the claim is given back (if it is still this one). */
export async function releaseExport(ctx: ServerContext, uid: string, claimedAt: Date): Promise<void> {
  await releaseLastExport(ctx.db, uid, claimedAt.toISOString());
}

const storyLink = (ctx: ServerContext, id: string) => `${ctx.config.publicUrl}/story/${id}`;
const profileLink = (ctx: ServerContext, uid: string) => `${ctx.config.publicUrl}/user/${uid}`;
const emojiOf = new Map<string, string>(REACTIONS.map((r) => [r.kind, r.emoji]));

function promptOf(row: { promptGenre: string | null; promptTheme: string | null; promptTwist: string | null }) {
  return row.promptGenre && row.promptTheme && row.promptTwist ? { genre: row.promptGenre, theme: row.promptTheme, twist: row.promptTwist } : null;
}

/** A story's warnings as the export writes them: labels in one string (read back by warningsFromText), and the note; nothing when it has none. */
function exportedWarnings(story: { contentWarnings: number; contentWarningNote: string | null }) {
  const labels = warningsOfMask(Number(story.contentWarnings)).map(contentWarningLabel);
  return {
    ...(labels.length > 0 ? { contentWarnings: labels.join(', ') } : {}),
    ...(story.contentWarningNote ? { contentWarningNote: story.contentWarningNote } : {}),
  };
}

/** A story's tags' names, as first written. */
const tagNamesOf = (story: { tagNames: string }) => tagsOfNames(story.tagNames).map((tag) => tag.name);

function storyMarkdown(story: ExportStoryRow): string {
  const tags = tagNamesOf(story);
  const front = writeFrontMatter({
    title: story.title,
    public: fromDbBool(story.public),
    prompt: promptOf(story),
    created: story.created_at,
    updated: story.updated_at,
    wordCount: Number(story.wordCount),
    ...exportedWarnings(story),
    ...(tags.length > 0 ? { tags: tagsAsText(tags) } : {}),
  });
  return `${front}\n${story.content}\n`;
}

/** An array written one item at a time: `[`, the items (two-space indented), `]`. */
async function jsonArray<T>(zip: ZipWriter, name: string, items: AsyncIterable<T>, map: (item: T) => unknown = (item) => item) {
  const file = zip.entry(name);
  let first = true;
  await file.write('[');
  for await (const item of items) {
    await file.write(`${first ? '\n  ' : ',\n  '}${JSON.stringify(map(item), null, 2).replace(/\n/g, '\n  ')}`);
    first = false;
  }
  await file.write(first ? ']\n' : '\n]\n');
  await file.end();
}

/** A cell a spreadsheet would run as a formula gets a leading quote (as the audit log's CSV). */
const FORMULA_START = /^[=+\-@\t\r]/;

async function csv(zip: ZipWriter, name: string, header: string[], rows: AsyncIterable<RelationRow>, cells: (row: RelationRow) => string[]) {
  const file = zip.entry(name);
  await file.write(`${Papa.unparse([header])}\r\n`);
  let batch: string[][] = [];
  const flush = async () => {
    if (batch.length) await file.write(`${Papa.unparse(batch, { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`);
    batch = [];
  };
  for await (const row of rows) {
    batch.push(cells(row));
    if (batch.length >= 200) await flush();
  }
  await flush();
  await file.end();
}

const nameOf = (row: RelationRow) => personName(row.name === null ? undefined : { displayName: row.displayName, name: row.name, deletedAt: row.deletedAt });

/** Where another person's story can no longer be read by the one exporting (queries/export-data.ts). */
const STORY_UNAVAILABLE = { title: null, link: null, note: YOUR_DATA_TEXTS.storyUnavailable } as const;

/**
 * The whole export as a zip stream (see README.txt in readme.ts for what each file holds).
 * Stories are read twice, for their Markdown files and for stories.json, rather than held.
 */
export function exportZip(ctx: ServerContext, viewer: SignedInViewer, now: Date, onError: (err: unknown) => void): ReadableStream<Uint8Array> {
  const { uid } = viewer;
  return zipStream(
    async (zip) => {
      await zip.add('README.txt', README);
      const user = await profileForExport(ctx.db, uid);
      const avatar = user.profileImage ? await ctx.storage.get(profileImageKey(uid)) : null;
      const avatarName = avatar ? `avatar.${extensionOf(avatar.contentType)}` : null;
      const { notificationPrefs, approveFollowers, whoCanMessage, readReceipts, typingIndicator, created_at, profileImage: _image, ...fields } = user;
      // Two-factor: whether it is on, and where the account signed in from; never the secret or recovery codes.
      const [twoFactor, signIns, { passkeys }, oldHandles] = await Promise.all([
        twoFactorOn(ctx, uid),
        knownSignInsOf(ctx.db, uid),
        listPasskeys(ctx, uid),
        oldHandlesOf(ctx.db, uid),
      ]);
      const profile = {
        ...fields,
        // The handles they changed away from, which still lead to them.
        oldHandles,
        created: created_at,
        link: profileLink(ctx, uid),
        avatar: avatarName,
        settings: {
          approveFollowers: fromDbBool(approveFollowers),
          whoCanMessage,
          readReceipts: fromDbBool(readReceipts),
          typingIndicator: fromDbBool(typingIndicator),
          notifications: notificationPrefs ? (JSON.parse(notificationPrefs) as unknown) : null,
          twoFactorSignIn: twoFactor,
        },
        signedInFrom: signIns.map((s) => ({ browser: s.browser, address: s.address, first: new Date(s.createdAt).toISOString() })),
        passkeys: passkeys.map((p) => ({ name: p.name, added: p.createdAt })),
      };
      await zip.add('profile.json', `${JSON.stringify(profile, null, 2)}\n`);
      if (avatar && avatarName) await zip.add(avatarName, avatar.bytes);

      const fileOf = new Map<string, string>();
      const nameFor = storyFileNamer();
      for await (const story of storiesOf(ctx.db, uid)) {
        const file = nameFor(story);
        fileOf.set(story.id, file);
        await zip.add(file, storyMarkdown(story));
      }
      await jsonArray(zip, 'stories.json', storiesOf(ctx.db, uid), (s) => ({
        id: s.id,
        title: s.title,
        public: fromDbBool(s.public),
        prompt: promptOf(s),
        created: s.created_at,
        updated: s.updated_at,
        madePublicAt: s.madePublicAt,
        wordCount: Number(s.wordCount),
        characters: Number(s.charCount),
        contentWarnings: warningsOfMask(Number(s.contentWarnings)).map(contentWarningLabel),
        contentWarningNote: s.contentWarningNote,
        tags: tagNamesOf(s),
        reactions: Number(s.likesCount),
        comments: Number(s.commentsCount),
        views: Number(s.viewsCount),
        link: storyLink(ctx, s.id),
        file: fileOf.get(s.id) ?? null,
        text: s.content,
      }));
      await jsonArray(zip, 'comments.json', commentsOf(ctx.db, viewer), (c) => ({
        text: c.text,
        created: c.created_at,
        story: c.readableId ? { title: c.storyTitle, link: storyLink(ctx, c.storyId) } : STORY_UNAVAILABLE,
      }));
      await jsonArray(zip, 'reactions.json', reactionsOf(ctx.db, viewer), (r) => ({
        reaction: r.kind,
        emoji: emojiOf.get(r.kind) ?? null,
        created: r.created_at,
        story: r.readableId ? { title: r.storyTitle, link: storyLink(ctx, r.storyId) } : STORY_UNAVAILABLE,
      }));
      await jsonArray(zip, 'favorites.json', favoritesOf(ctx.db, viewer), (f) => ({
        added: f.created_at,
        story: f.readableId ? { title: f.storyTitle, author: f.authorDisplayName, link: storyLink(ctx, f.storyId) } : STORY_UNAVAILABLE,
      }));
      await jsonArray(zip, 'reading-lists.json', readingListsOf(ctx.db, viewer), (l) => ({
        title: l.title,
        readLater: fromDbBool(l.readLater),
        public: fromDbBool(l.public),
        created: l.created_at,
        entries: l.entries.map((e) => ({
          added: e.created_at,
          note: e.note,
          story: e.readableId ? { title: e.storyTitle, author: e.authorDisplayName, link: storyLink(ctx, e.storyId) } : STORY_UNAVAILABLE,
        })),
      }));
      const people = ['name', 'profile', 'since'];
      const personCells = (row: RelationRow) => [nameOf(row), profileLink(ctx, row.other), row.created_at];
      await csv(zip, 'following.csv', people, relationsOf(ctx.db, uid, 'following'), personCells);
      await csv(zip, 'followers.csv', people, relationsOf(ctx.db, uid, 'followers'), personCells);
      await csv(zip, 'blocks.csv', people, relationsOf(ctx.db, uid, 'blocks'), personCells);
      await csv(zip, 'mutes.csv', [...people, 'until'], relationsOf(ctx.db, uid, 'mutes'), (row) => [...personCells(row), row.until ?? '']);
      await jsonArray(zip, 'messages.json', conversationsOf(ctx.db, uid));
      await jsonArray(zip, 'feature-requests.json', featureRequestsOf(ctx.db, uid));
      await jsonArray(zip, 'writing-days.json', writingDaysOf(ctx.db, uid), (d) => ({ day: d.day, words: Number(d.words) }));
      await jsonArray(zip, 'challenges.json', challengesOf(ctx.db, uid), (c) => ({
        words: Number(c.words),
        days: Number(c.days),
        from: c.startDay,
        to: c.endDay,
        givenUp: c.abandonedAt,
      }));
      await jsonArray(zip, 'series.json', seriesOf(ctx.db, uid), (s) => ({
        title: s.title,
        description: s.description,
        created: s.created_at,
        link: `${ctx.config.publicUrl}/series/${s.id}`,
        stories: s.parts.map((part, index) => ({ part: index + 1, title: part.title, link: storyLink(ctx, part.id) })),
      }));
      await jsonArray(zip, 'anthologies.json', anthologiesOf(ctx.db, uid), (a) => ({
        title: a.title,
        description: a.description,
        rules: a.rules,
        link: `${ctx.config.publicUrl}/anthologies/${a.id}`,
        you: a.role,
        following: a.following,
        yourStories: a.stories.map((s) => ({ title: s.title, link: storyLink(ctx, s.id), status: s.status })),
      }));
      await jsonArray(zip, 'badges.json', badgesOf(ctx.db, uid), (b) => ({ badge: isBadgeId(b.badge) ? badgeDefinition(b.badge).name : b.badge, earned: b.earnedAt }));
    },
    { mtime: now, onError },
  );
}

function extensionOf(contentType: string): string {
  const subtype = /^image\/([a-z0-9.+-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (subtype === 'jpeg') return 'jpg';
  return subtype && /^[a-z0-9]+$/.test(subtype) ? subtype : 'bin';
}
