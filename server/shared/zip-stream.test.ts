import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { zipStream } from './zip-stream';

/** Incompressible bytes, so what is written is about what comes out. */
const noise = (bytes: number) => new Uint8Array(crypto.randomBytes(bytes));
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

describe('zipStream', () => {
  it('writes a zip that unzips to what was written', async () => {
    const big = noise(300 * 1024);
    const stream = zipStream(
      async (zip) => {
        await zip.add('a.txt', 'hello');
        const file = zip.entry('dir/b.bin');
        for (let i = 0; i < big.length; i += 1000) await file.write(big.subarray(i, i + 1000));
        await file.end();
        await zip.add('empty.json', '');
      },
      { onError: (err) => expect.fail(String(err)) },
    );
    const files = unzipSync(await readAll(stream));
    expect(Object.keys(files)).toEqual(['a.txt', 'dir/b.bin', 'empty.json']);
    expect(new TextDecoder().decode(files['a.txt'])).toBe('hello');
    // Compared as buffers: a deep equality over 300,000 numbers takes seconds.
    expect(Buffer.from(files['dir/b.bin']!).equals(Buffer.from(big))).toBe(true);
    expect(files['empty.json']).toEqual(new Uint8Array());
  });

  it('keeps a stored entry as it is: the first one lies uncompressed right after its header, as an EPUB’s mimetype must', async () => {
    const stream = zipStream(
      async (zip) => {
        await zip.add('mimetype', 'application/epub+zip', { store: true });
        await zip.add('b.txt', 'b'.repeat(1000));
      },
      { onError: (err) => expect.fail(String(err)) },
    );
    const bytes = Buffer.from(await readAll(stream));
    expect(bytes.readUInt16LE(8)).toBe(0); // compression method: stored
    expect(bytes.readUInt16LE(28)).toBe(0); // no extra field
    expect(bytes.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
    const files = unzipSync(bytes);
    expect(new TextDecoder().decode(files['b.txt'])).toBe('b'.repeat(1000));
  });

  it('waits for the reader: an unread stream holds about its high-water mark, and a cancel stops the producer', async () => {
    let written = 0;
    let finished = false;
    const errors: unknown[] = [];
    const stream = zipStream(
      async (zip) => {
        for (let i = 0; i < 200; i++) {
          await zip.add(`f${i}.bin`, noise(64 * 1024));
          written += 64 * 1024;
        }
        finished = true;
      },
      { onError: (err) => errors.push(err) },
    );
    await tick();
    // 200 × 64 KB were asked for; without a reader only a few hundred KB get made.
    expect(written).toBeLessThanOrEqual(512 * 1024);
    const reader = stream.getReader();
    await reader.read();
    await tick();
    expect(written).toBeLessThanOrEqual(1024 * 1024);
    await reader.cancel();
    await tick();
    expect(finished).toBe(false);
    expect(errors).toEqual([]);
  });
});
