import { contentWarningNoteSchema, warningsFromText, type StoryWarnings } from '@common/stories/content-warnings';
import { promptInputSchema, type PromptInput } from '@common/prompts/prompts';
import { STORY_TITLE_MAX, storyCreateSchema } from '@common/stories/story';
import { tagsFromText } from '@common/tags/tags';
import { normalizeLineBreaks } from '@common/shared/text';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MAX_FILES, IMPORT_TEXTS, type ImportItem, type ImportReport } from '@common/your-data/your-data';
import type { ServerContext } from '../../context';
import type { Actor } from '../../shared/actor';
import { toDbBool } from '../../db/bool';
import { authorSnapshot } from '../../shared/author';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { newId } from '../../shared/ids';
import { currentAuthorState } from '../../shared/account-state';
import { promptColumns, textColumns, warningColumns } from '../stories';
import { setStoryTags } from '../tags';
import { importFingerprint, priorImports } from './fingerprint';
import { readFrontMatter } from './front-matter';
import { unzipTextFiles } from './unzip';
import { insertImportFingerprints, insertStories } from './queries';

/**
 * Import: .md and .txt files, or a zip of them (an export's stories/ folder, or a
 * whole export, of which only stories/*.md are taken), become private stories of the caller,
 * with a verdict for every file. Each story passes the same schema as POST /api/stories. A
 * story the caller imported before (the same title and text, fingerprint.ts) is reported
 * "already imported" and not made again.
 *
 * Imported words are deliberately not counted as written today (no writingDays row, no streak
 * change): they were written before, elsewhere or here, and counting them would hand out a
 * day's goal and a streak for uploading old work. The stories are private, so nobody is told.
 */

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

type Candidate = { file: string; bytes: Uint8Array };
type Verdict = { file: string; refused: string } | { file: string; title: string; content: string; prompt: PromptInput | null; warnings: StoryWarnings; tags: string[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const extensionOf = (name: string) => /\.[^./]+$/.exec(name)?.[0]?.toLowerCase() ?? '';
const baseName = (path: string) => path.split('/').pop() ?? path;

/** Cut to the title limit at a word when one is near, as a heading or a file name may run long. */
function fitTitle(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= STORY_TITLE_MAX) return flat;
  const cut = flat.slice(0, STORY_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > STORY_TITLE_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/** Title: the front matter's, else the first line when it is a `# heading` (then left out of the text), else the file's name. */
function readStory(file: string, text: string): Verdict {
  const { fields, body } = readFrontMatter(text);
  let content = body;
  let title: string | null = typeof fields.title === 'string' ? fields.title.trim() : null;
  if (!title) {
    const heading = /^\s*#[ \t]+(.+?)[ \t#]*(?:\n|$)/.exec(content);
    if (heading) {
      title = fitTitle(heading[1]!);
      content = content.slice(heading[0].length);
    }
  }
  title ||= fitTitle(baseName(file).replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
  content = content.replace(/^(?:[ \t]*\n)+/, '');
  if (!content.trim()) return { file, refused: IMPORT_TEXTS.empty };
  // A prompt outside today's lists (an older one, or hand-written) is left off rather than refusing the story.
  const prompt = promptInputSchema.safeParse(fields.prompt);
  // Warnings the export wrote (or hand-written ones): unknown names, or a note too long, are left off too.
  const contentWarnings = typeof fields.contentWarnings === 'string' ? warningsFromText(fields.contentWarnings) : [];
  const note = contentWarningNoteSchema.safeParse(typeof fields.contentWarningNote === 'string' ? fields.contentWarningNote : null);
  // Tags the export wrote ("Ghost Story, grief"): bad ones are left off too.
  const tags = typeof fields.tags === 'string' ? tagsFromText(fields.tags) : [];
  const parsed = storyCreateSchema.safeParse({ title, content, prompt: prompt.success ? prompt.data : null, public: false, contentWarnings, contentWarningNote: note.success ? note.data : null, tags });
  if (!parsed.success) return { file, refused: parsed.error.issues[0]?.message ?? IMPORT_TEXTS.empty };
  const { contentWarnings: warnings, contentWarningNote } = parsed.data;
  return { file, title: parsed.data.title, content: parsed.data.content, prompt: parsed.data.prompt, warnings: { contentWarnings: warnings, contentWarningNote }, tags: parsed.data.tags };
}

function judge(candidate: Candidate): Verdict {
  const { file, bytes } = candidate;
  if (bytes.length > IMPORT_FILE_MAX_BYTES) return { file, refused: IMPORT_TEXTS.tooLarge };
  if (bytes.length === 0) return { file, refused: IMPORT_TEXTS.empty };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { file, refused: IMPORT_TEXTS.notUtf8 };
  }
  return readStory(file, normalizeLineBreaks(text.replace(/^\uFEFF/, '')));
}

/** Every file of the upload, zips opened, in order; a refusal where a file cannot be a story. */
function expand(uploads: Upload[]): Verdict[] {
  const out: Array<Verdict | Candidate> = [];
  for (const upload of uploads) {
    const ext = extensionOf(upload.name);
    if (ext === '.md' || ext === '.txt') {
      out.push({ file: upload.name, bytes: upload.bytes });
    } else if (ext === '.zip') {
      const zip = unzipTextFiles(upload.bytes);
      if (zip.refused) out.push({ file: upload.name, refused: zip.refused });
      else if (zip.entries.length === 0) out.push({ file: upload.name, refused: IMPORT_TEXTS.empty });
      else for (const entry of zip.entries) out.push({ ...entry, file: `${upload.name}/${entry.file}` });
    } else {
      out.push({ file: upload.name, refused: IMPORT_TEXTS.unsupported });
    }
  }
  let stories = 0;
  return out.map((item) => {
    if (!('bytes' in item)) return item;
    stories += 1;
    return stories > IMPORT_MAX_FILES ? { file: item.file, refused: IMPORT_TEXTS.tooMany } : judge(item);
  });
}

type Refused = Extract<Verdict, { refused: string }>;
type Story = Extract<Verdict, { title: string }> & { fingerprint: string };

/** The stories saved now (a new id each), and those the writer had already imported, by fingerprint. */
interface Saved {
  created: Map<string, string>;
  before: Map<string, string>;
}

/**
 * Saves, in one transaction, each story the writer has not imported before (once, however often
 * it is in the upload), with its fingerprint. The users row is locked first (PostgreSQL; SQLite
 * runs one write transaction at a time), so of two uploads of the same file at once the second
 * waits and then finds it imported; the fingerprints' primary key would refuse a second row anyway.
 */
async function saveNew(ctx: ServerContext, actor: Actor, stories: Story[], at: string): Promise<Saved> {
  const { uid } = actor.user;
  return ctx.db.transaction().execute(async (trx) => {
    // The account's state now, so an import by a limited writer is filed like their other stories.
    const author = { ...authorSnapshot(actor.user), authorState: await currentAuthorState(trx, ctx.dialect, uid) };
    const before = await priorImports(trx, uid, [...new Set(stories.map((s) => s.fingerprint))]);
    const fresh = new Map<string, Story & { id: string }>();
    for (const story of stories) if (!before.has(story.fingerprint) && !fresh.has(story.fingerprint)) fresh.set(story.fingerprint, { ...story, id: newId() });
    const rows = [...fresh.values()];
    // Inserted a hundred rows at a time: far under either database's limit on bound values.
    for (let i = 0; i < rows.length; i += 100) {
      const batch = rows.slice(i, i + 100);
      await insertStories(
        trx,
        batch.map((story) => ({
          id: story.id,
          uid,
          title: story.title,
          ...textColumns(story.content),
          public: toDbBool(false),
          created_at: at,
          updated_at: at,
          madePublicAt: null,
          publishedAt: null,
          madePrivateAt: null,
          ...promptColumns(story.prompt),
          ...warningColumns(story.warnings),
          ...author,
        })),
      );
      await insertImportFingerprints(
        trx,
        batch.map((story) => ({ uid, fingerprint: story.fingerprint, storyId: story.id, created_at: at })),
      );
      for (const story of batch) if (story.tags.length > 0) await setStoryTags(trx, story.id, story.tags, at);
    }
    return { created: new Map(rows.map((story) => [story.fingerprint, story.id])), before };
  });
}

/** Each file's line of the report, in the files' order: a story's first file is imported, any other file of it a duplicate. */
function reportItems(verdicts: Array<Refused | Story>, saved: Saved): ImportItem[] {
  const reported = new Set<string>();
  return verdicts.map((item) => {
    if ('refused' in item) return { file: item.file, status: 'refused', reason: item.refused, storyId: null, title: null };
    const { file, title, fingerprint } = item;
    const earlier = saved.before.get(fingerprint);
    const first = earlier === undefined && !reported.has(fingerprint);
    reported.add(fingerprint);
    const storyId = earlier ?? saved.created.get(fingerprint) ?? null;
    return first ? { file, status: 'imported', reason: null, storyId, title } : { file, status: 'duplicate', reason: IMPORT_TEXTS.alreadyImported, storyId, title };
  });
}

/** Saves the stories that passed and are new to this writer, and answers the report in the files' order. */
export async function importStories(ctx: ServerContext, actor: Actor, uploads: Upload[], now = new Date()): Promise<ImportReport> {
  const { uid } = actor.user;
  const verdicts = expand(uploads).map((v): Refused | Story => ('refused' in v ? v : { ...v, fingerprint: importFingerprint(v.title, v.content) }));
  const stories = verdicts.filter((v): v is Story => !('refused' in v));
  const saved = stories.length > 0 ? await saveNew(ctx, actor, stories, now.toISOString()) : { created: new Map<string, string>(), before: new Map<string, string>() };
  const items = reportItems(verdicts, saved);
  const count = (status: ImportItem['status']) => items.filter((i) => i.status === status).length;
  const report: ImportReport = { imported: count('imported'), duplicates: count('duplicate'), refused: count('refused'), items };
  await recordActivity(ctx.db, ctx.logger, {
    type: 'stories_imported',
    action: 'import',
    user: logUserOf(actor.user),
    resource: `users/${uid}`,
    details: { files: items.length, imported: report.imported, duplicates: report.duplicates, refused: report.refused },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return report;
}
