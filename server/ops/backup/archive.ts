import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { zipStream, type ZipEntryWriter } from '../../shared/zip-stream';
import { OWNER_ONLY } from '../../files';

/**
 * The backup's zip, written as a stream and read back entry by entry, so neither side ever
 * holds the database in memory.
 *
 * Writing reuses the export's zip stream (fflate's streaming Zip around zlib). Reading does
 * not use fflate's streaming Unzip: for entries whose sizes follow their data (as a streamed
 * zip's do) it finds an entry's end by looking for the data-descriptor signature in the
 * compressed bytes, which compressed data contains by chance about once in 4 GB; a backup must
 * never be cut there. This reader takes every entry's offset and size from the central
 * directory at the end of the file, as unzip tools do, and inflates with zlib.
 */

/** A classic zip's offsets and sizes are 32-bit; the writer here does not write Zip64. */
const ZIP32_LIMIT = 0xffff_ffff;

export class ArchiveError extends Error {}

export interface EntrySummary {
  bytes: number;
  sha256: string;
}

export interface ArchiveEntryWriter {
  write(bytes: Uint8Array): Promise<void>;
  end(): Promise<EntrySummary>;
}

export interface ArchiveWriter {
  entry(name: string): ArchiveEntryWriter;
}

function summarising(inner: ZipEntryWriter, count: (bytes: number) => void): ArchiveEntryWriter {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  return {
    async write(data) {
      if (data.length === 0) return;
      hash.update(data);
      bytes += data.length;
      count(data.length);
      await inner.write(data);
    },
    async end() {
      await inner.end();
      return { bytes, sha256: hash.digest('hex') };
    },
  };
}

/**
 * Writes the zip that `produce` fills to `file`, readable by the owner only (it holds password
 * hashes and the auth secret). It is written beside `file` under a temporary name and renamed
 * into place when whole, so a failed or interrupted backup never leaves a file that looks like
 * one. Refuses to replace an existing file. Resolves with the file's size.
 */
export async function writeArchive(file: string, produce: (archive: ArchiveWriter) => Promise<void>): Promise<number> {
  if (fs.existsSync(file)) throw new ArchiveError(`${file} already exists`);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.partial`);
  let uncompressed = 0;
  const count = (bytes: number) => {
    uncompressed += bytes;
    if (uncompressed > ZIP32_LIMIT) throw new ArchiveError('the backup would pass 4 GB, which this version cannot write');
  };
  let failure: unknown = null;
  const stream = zipStream(
    async (zip) => {
      await produce({ entry: (name) => summarising(zip.entry(name), count) });
    },
    { onError: (err) => (failure = err) },
  );
  try {
    await pipeline(Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>), fs.createWriteStream(temp, { flags: 'wx', mode: OWNER_ONLY }));
    const size = fs.statSync(temp).size;
    if (size > ZIP32_LIMIT) throw new ArchiveError('the backup passed 4 GB, which this version cannot write');
    if (fs.existsSync(file)) throw new ArchiveError(`${file} already exists`);
    fs.renameSync(temp, file);
    return size;
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw failure ?? err;
  }
}

export interface ArchiveEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** The entries the zip's central directory lists, in file order. */
function centralDirectory(fd: number, fileSize: number): ArchiveEntry[] {
  // The end record is 22 bytes plus a comment of at most 64 KB.
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = readAt(fd, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ArchiveError('it is not a whole zip file (its end is missing: truncated?)');
  const count = tail.readUInt16LE(at + 10);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (offset + size > fileSize - tailLength + at) throw new ArchiveError('its table of contents points past its end (truncated?)');
  const directory = readAt(fd, offset, size);
  const entries: ArchiveEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw new ArchiveError('its table of contents is damaged');
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    entries.push({
      method: directory.readUInt16LE(p + 10),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      localHeaderOffset: directory.readUInt32LE(p + 42),
      name: directory.subarray(p + 46, p + 46 + nameLength).toString('utf8'),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface ArchiveReader {
  readonly entries: ArchiveEntry[];
  /** The entry's uncompressed bytes, in pieces of at most 64 KB. */
  read(entry: ArchiveEntry): AsyncIterable<Buffer>;
  close(): void;
}

export function openArchive(file: string): ArchiveReader {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    throw new ArchiveError((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : `it cannot be read (${(err as Error).message})`);
  }
  try {
    const fileSize = fs.fstatSync(fd).size;
    const entries = centralDirectory(fd, fileSize);
    return {
      entries,
      async *read(entry) {
        const header = readAt(fd, entry.localHeaderOffset, 30);
        if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ArchiveError(`${entry.name} is damaged`);
        const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        if (start + entry.compressedSize > fileSize) throw new ArchiveError(`${entry.name} is cut short (truncated?)`);
        if (entry.compressedSize === 0) return;
        const raw = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
        if (entry.method === 0) {
          for await (const piece of raw) yield piece as Buffer;
          return;
        }
        if (entry.method !== 8) throw new ArchiveError(`${entry.name} uses a compression this version does not read`);
        const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
        raw.on('error', (err) => inflate.destroy(err));
        raw.pipe(inflate);
        try {
          for await (const piece of inflate) yield piece as Buffer;
        } catch (err) {
          throw new ArchiveError(`${entry.name} is damaged (${err instanceof Error ? err.message : String(err)})`);
        } finally {
          raw.destroy();
        }
      },
      close: () => fs.closeSync(fd),
    };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Every piece of the entry, joined (for the small ones: the manifest, a file, the secret). */
export async function readWhole(reader: ArchiveReader, entry: ArchiveEntry): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of reader.read(entry)) pieces.push(piece);
  return Buffer.concat(pieces);
}
