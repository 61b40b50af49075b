import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth/secret';
import { keepOwnerOnly } from './files';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('owner-only files', () => {
  it('creates a missing file 0600 and narrows an existing one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-files-'));
    const fresh = path.join(dir, 'fresh');
    keepOwnerOnly(fresh);
    expect(modeOf(fresh)).toBe(0o600);
    const loose = path.join(dir, 'loose');
    fs.writeFileSync(loose, 'keep me', { mode: 0o644 });
    keepOwnerOnly(loose);
    expect(modeOf(loose)).toBe(0o600);
    expect(fs.readFileSync(loose, 'utf8')).toBe('keep me');
  });

  it('keeps the generated auth secret owner-only, also when restored with looser permissions', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-secret-'));
    const secret = resolveAuthSecret(null, dir);
    const file = path.join(dir, 'auth-secret');
    expect(modeOf(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    expect(resolveAuthSecret(null, dir)).toBe(secret);
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('the SQLite database', () => {
  it('is created owner-only, with its write-ahead log', async () => {
    const { openSqlite } = await import('./db/database');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-db-'));
    const file = path.join(dir, 'drabble.sqlite');
    const handle = openSqlite(file);
    try {
      await handle.db.schema.createTable('probe').addColumn('id', 'integer').execute();
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });
});
