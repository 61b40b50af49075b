import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-file';

const HEADER = 'text,punctuation,enabled';

describe('readImportFile', () => {
  it('passes a greetings CSV on as text', async () => {
    const csv = `${HEADER}\r\n"Hello",!,true\r\n`;
    expect(await readImportFile(new Blob([csv], { type: 'text/csv' }))).toEqual({ ok: true, csv });
  });

  it("answers 'Invalid CSV file.' to anything else", async () => {
    for (const content of ['', 'name,email\nada,a@b.c', `${HEADER}\n"open,!,true`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])]) {
      expect(await readImportFile(new Blob([content]))).toEqual({ ok: false, message: 'Invalid CSV file.' });
    }
  });

  it('refuses a file too large for the API, on disk or once quoted into JSON', async () => {
    const tooLarge = { ok: false, message: 'That file is too large to import: the limit is 100 KB. Split it into smaller files.' };
    expect(await readImportFile(new Blob([`${HEADER}\n${'"a",!,true\n'.repeat(10_000)}`]))).toEqual(tooLarge);
    // 60 KB on disk, but every quote doubles in JSON.
    const quoted = `${HEADER}\n${'"""""""""""""""""""""""""""",!,true\n'.repeat(1700)}`;
    expect(quoted.length).toBeLessThan(100 * 1024);
    expect(await readImportFile(new Blob([quoted]))).toEqual(tooLarge);
  });
});
