import { constants, deflateRawSync } from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A zip written while it is read: fflate's streaming `Zip` takes each entry as its text is
 * written (deflated by zlib, see NativeDeflate) and hands the bytes to a web ReadableStream. The producer waits whenever the reader
 * has not taken what is queued (backpressure), so a slow download never makes the server hold
 * the archive, and a closed connection stops the producer at its next write.
 */

/** About what a reader queues before the producer waits: a few deflate blocks. */
const HIGH_WATER_BYTES = 256 * 1024;
/** Small writes (a CSV row, a JSON item) are gathered into pieces this large before deflating. */
const PIECE_BYTES = 64 * 1024;

export interface ZipEntryWriter {
  write(text: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export interface ZipWriter {
  /** Starts an entry; write to it and end it before starting the next. */
  entry(name: string): ZipEntryWriter;
  /**
   * A whole entry at once (a story, the profile, the avatar): deflated in one call, or kept as
   * it is with `store` (an EPUB's `mimetype`, which readers look for uncompressed at byte 38).
   */
  add(name: string, data: string | Uint8Array, options?: { store?: boolean }): Promise<void>;
}

/** The reader went away (closed the connection, cancelled the download). */
export class ZipCancelled extends Error {
  constructor() {
    super('zip stream cancelled');
    this.name = 'ZipCancelled';
  }
}

/**
 * An entry deflated by Node's zlib, piece by piece, inside fflate's streaming Zip (its
 * documented way in for another compressor: the source bytes are pushed, so Zip keeps the CRC
 * and sizes, and compressed bytes come out). fflate's own deflate, in JavaScript, made the
 * 2,000-story benchmark miss its 5 s target: it sets its tables up for every entry (about a
 * millisecond each) and is several times slower than zlib on the large JSON files.
 *
 * Each piece is compressed on its own and ends in a sync flush (the last one finishes the
 * stream): raw deflate is a run of blocks, and a piece's back-references stay inside the
 * piece, so the pieces join into one valid stream without keeping a compressor open.
 */
class NativeDeflate extends ZipPassThrough {
  constructor(name: string, mtime: Date) {
    super(name);
    this.compression = 8;
    this.mtime = mtime;
  }
  protected override process(chunk: Uint8Array, final: boolean): void {
    // A smaller window and hash than zlib's defaults: pieces are at most 64 KB and stories far
    // less, and setting up the larger tables is most of the time for a small entry.
    const flush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata(null, deflateRawSync(chunk, { level: 6, windowBits: 13, memLevel: 5, finishFlush: flush }), final);
  }
}

function storedEntry(name: string, mtime: Date): ZipPassThrough {
  const file = new ZipPassThrough(name);
  file.mtime = mtime;
  return file;
}

const encoder = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? encoder.encode(data) : data);

/**
 * The stream of a zip that `produce` fills. `onError` hears of a failure of `produce` (the
 * download then ends early, which the browser reports as failed) but not of a cancellation.
 */
export function zipStream(
  produce: (zip: ZipWriter) => Promise<void>,
  { mtime = new Date(), onError }: { mtime?: Date; onError: (err: unknown) => void },
): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let wake: (() => void) | null = null;

  const wakeProducer = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const demand = async () => {
    while (!cancelled && (controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => (wake = resolve));
    if (cancelled) throw new ZipCancelled();
  };

  const zip = new Zip((err, chunk, final) => {
    if (cancelled) return;
    if (err) {
      controller.error(err);
      return;
    }
    if (chunk.length) controller.enqueue(chunk);
    if (final) controller.close();
  });

  const entry = (name: string): ZipEntryWriter => {
    const file = new NativeDeflate(name, mtime);
    zip.add(file);
    let pieces: Uint8Array[] = [];
    let held = 0;
    const flush = async (final: boolean) => {
      const data = pieces.length === 1 ? pieces[0]! : concat(pieces, held);
      pieces = [];
      held = 0;
      file.push(data, final);
      await demand();
    };
    return {
      async write(text) {
        const bytes = bytesOf(text);
        if (!bytes.length) return;
        pieces.push(bytes);
        held += bytes.length;
        if (held >= PIECE_BYTES) await flush(false);
      },
      end: () => flush(true),
    };
  };

  const writer: ZipWriter = {
    entry,
    async add(name, data, { store = false } = {}) {
      const file = store ? storedEntry(name, mtime) : new NativeDeflate(name, mtime);
      zip.add(file);
      file.push(bytesOf(data), true);
      await demand();
    },
  };

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // Not awaited: the response starts while the archive is written.
        void (async () => {
          try {
            await produce(writer);
            zip.end();
          } catch (err) {
            zip.terminate();
            if (err instanceof ZipCancelled) return;
            onError(err);
            if (!cancelled) controller.error(err);
          }
        })();
      },
      pull: wakeProducer,
      cancel() {
        cancelled = true;
        wakeProducer();
      },
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
}

function concat(pieces: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
