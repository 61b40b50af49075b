import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { importFingerprintRows } from './queries';

/**
 * When an imported story is "the same" as one imported before: the same title and
 * the same text once differences a file's saving makes are set aside — Unicode composition,
 * line ends (already \n here), spaces at the ends of lines, blank lines between paragraphs, and
 * space around it all. Case, words and punctuation count: a corrected word is another story.
 * Where the title came from (front matter, a # heading) and the file's name do not count.
 */
export function importFingerprint(title: string, content: string): string {
  const heading = title.normalize('NFC').replace(/\s+/g, ' ').trim();
  const text = content
    .normalize('NFC')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // The title has no line break left, so the first one ends it.
  return createHash('sha256').update(`${heading}\n${text}`).digest('hex');
}

/** Of these fingerprints, the ones the writer imported before, with the story each became. */
export async function priorImports(db: Kysely<Database>, uid: string, fingerprints: readonly string[]): Promise<Map<string, string>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await importFingerprintRows(db, uid, fingerprints);
  return new Map(rows.map((r) => [r.fingerprint, r.storyId]));
}
