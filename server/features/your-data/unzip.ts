import { Unzip, UnzipInflate } from 'fflate';
import { IMPORT_FILE_MAX_BYTES, IMPORT_TEXTS, IMPORT_UNZIPPED_MAX_BYTES } from '@common/your-data/your-data';

/**
 * The text files of an uploaded zip, unpacked with a bound on what it may expand to. The sizes
 * in a zip's headers are the sender's word, so they are not trusted: the compressed bytes are
 * fed to fflate's streaming Unzip a few kilobytes at a time (at most about a thousand times
 * that comes out of each), every byte that comes out is counted, a file past the per-file
 * limit is dropped as it grows, and unpacking stops once the whole zip passes its limit.
 */

/** Deflate expands at most ~1032:1, so one push yields at most ~4 MB. */
const PUSH_BYTES = 4 * 1024;

export type ZipEntryResult = { file: string; bytes: Uint8Array } | { file: string; refused: string };

export interface UnzippedUpload {
  entries: ZipEntryResult[];
  /** Set when the zip as a whole was refused (unreadable, or a zip bomb). */
  refused: string | null;
}

const TEXT_FILE = /\.(md|txt)$/i;
/** An export's story files, or a zipped copy of its stories/ folder. */
const EXPORT_STORY = /(^|\/)stories\/[^/]+\.md$/i;

/** Folders, macOS resource forks and hidden files are not anybody's story. */
function isNoise(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'));
}

export function unzipTextFiles(zipBytes: Uint8Array): UnzippedUpload {
  const found: Array<{ file: string; chunks: Uint8Array[]; size: number; tooLarge: boolean; wanted: boolean }> = [];
  let total = 0;
  let bomb = false;
  const unzip = new Unzip((file) => {
    if (isNoise(file.name)) return;
    const entry = { file: file.name, chunks: [] as Uint8Array[], size: 0, tooLarge: false, wanted: TEXT_FILE.test(file.name) };
    found.push(entry);
    if (!entry.wanted) return;
    file.ondata = (err, chunk) => {
      if (err || bomb) return;
      // Counted even once the file is too large, so one huge file still stops the unpacking.
      entry.size += chunk.length;
      total += chunk.length;
      if (total > IMPORT_UNZIPPED_MAX_BYTES) bomb = true;
      if (entry.size > IMPORT_FILE_MAX_BYTES) {
        entry.tooLarge = true;
        entry.chunks = [];
      }
      if (!entry.tooLarge) entry.chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zipBytes.length && !bomb; at += PUSH_BYTES) {
      unzip.push(zipBytes.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= zipBytes.length);
    }
  } catch {
    return { entries: [], refused: IMPORT_TEXTS.badZip };
  }
  if (bomb) return { entries: [], refused: IMPORT_TEXTS.zipTooLarge };
  if (found.length === 0 && !looksLikeZip(zipBytes)) return { entries: [], refused: IMPORT_TEXTS.badZip };

  // A whole export (or its stories/ folder): its stories, and nothing else of it.
  const exportLayout = found.some((e) => EXPORT_STORY.test(e.file));
  const entries: ZipEntryResult[] = [];
  for (const entry of found) {
    if (exportLayout && !EXPORT_STORY.test(entry.file)) continue;
    if (!entry.wanted) entries.push({ file: entry.file, refused: IMPORT_TEXTS.unsupported });
    else if (entry.tooLarge) entries.push({ file: entry.file, refused: IMPORT_TEXTS.tooLarge });
    else entries.push({ file: entry.file, bytes: joined(entry.chunks, entry.size) });
  }
  return { entries, refused: null };
}

/** A zip starts with a local file header, or (empty) with the end of its central directory. */
function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

function joined(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
