import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, StorageError, type ObjectStorage, type StoredObject } from './types';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function isMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';
}

/**
 * Objects as files under `root` (DATA_DIR/uploads): `profileImages/abc` is
 * `root/profileImages/abc`, its content type in `root/profileImages/abc.json`. Writes go to
 * a temporary file first and are renamed into place, so a reader never sees half a file.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file for a key; refuses anything that could resolve outside the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new StorageError(`Invalid storage key: ${key}`);
    return file;
  }

  private async writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await this.writeAtomically(file, bytes);
      await this.writeAtomically(`${file}.json`, JSON.stringify({ contentType }));
    } catch (err) {
      throw new StorageError(`Could not write ${key}`, { cause: err });
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch (err) {
      if (isMissing(err)) return null;
      throw new StorageError(`Could not read ${key}`, { cause: err });
    }
    return { bytes: new Uint8Array(bytes), contentType: await this.contentTypeOf(file) };
  }

  private async contentTypeOf(file: string): Promise<string> {
    try {
      const meta: unknown = JSON.parse(await fs.readFile(`${file}.json`, 'utf8'));
      if (meta && typeof meta === 'object' && 'contentType' in meta && typeof meta.contentType === 'string') return meta.contentType;
    } catch {
      // A missing or damaged sidecar only loses the type.
    }
    return DEFAULT_CONTENT_TYPE;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.json`, { force: true });
    } catch (err) {
      throw new StorageError(`Could not delete ${key}`, { cause: err });
    }
  }
}
