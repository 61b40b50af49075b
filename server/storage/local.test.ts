import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local';
import { StorageError } from './types';

describe('local storage driver', () => {
  let dir: string;
  let storage: LocalStorage;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-storage-'));
    storage = new LocalStorage(path.join(dir, 'uploads'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const bytes = (text: string) => new TextEncoder().encode(text);

  it('stores, reads back with its content type, replaces and deletes an object', async () => {
    await storage.put('profileImages/abc123', bytes('first'), 'image/webp');
    expect(fs.existsSync(path.join(dir, 'uploads', 'profileImages', 'abc123'))).toBe(true);
    const got = await storage.get('profileImages/abc123');
    expect(Buffer.from(got!.bytes).toString()).toBe('first');
    expect(got!.contentType).toBe('image/webp');

    await storage.put('profileImages/abc123', bytes('second'), 'image/png');
    const replaced = await storage.get('profileImages/abc123');
    expect(Buffer.from(replaced!.bytes).toString()).toBe('second');
    expect(replaced!.contentType).toBe('image/png');

    await storage.delete('profileImages/abc123');
    expect(await storage.get('profileImages/abc123')).toBeNull();
    expect(fs.readdirSync(path.join(dir, 'uploads', 'profileImages'))).toEqual([]);
  });

  it('answers null for a missing object and deletes one quietly', async () => {
    expect(await storage.get('profileImages/nobody')).toBeNull();
    await expect(storage.delete('profileImages/nobody')).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => storage.put('profileImages/same', bytes(`v${i}`), 'image/webp')));
    expect(fs.readdirSync(path.join(dir, 'uploads', 'profileImages')).sort()).toEqual(['same', 'same.json']);
    expect(Buffer.from((await storage.get('profileImages/same'))!.bytes).toString()).toMatch(/^v\d$/);
  });

  it('falls back to a generic type when the sidecar is gone', async () => {
    await storage.put('a/b', bytes('x'), 'image/webp');
    fs.rmSync(path.join(dir, 'uploads', 'a', 'b.json'));
    expect((await storage.get('a/b'))!.contentType).toBe('application/octet-stream');
  });

  it('refuses keys that could leave its folder or collide with its sidecars', async () => {
    const outside = path.join(dir, 'escaped');
    for (const key of ['../escaped', 'a/../../escaped', '/etc/passwd', 'a//b', 'a\\b', '.hidden', 'a/b.json', '', 'a/', '%2e%2e/x', 'é']) {
      await expect(storage.put(key, bytes('x'), 'text/plain'), key).rejects.toBeInstanceOf(StorageError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(StorageError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(StorageError);
    }
    expect(fs.existsSync(outside)).toBe(false);
  });

  it('reports a write it cannot make as a StorageError', async () => {
    // A file where the folder should be.
    fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'uploads', 'profileImages'), 'in the way');
    await expect(storage.put('profileImages/x', bytes('x'), 'image/webp')).rejects.toBeInstanceOf(StorageError);
  });
});
