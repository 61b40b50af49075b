/**
 * Where uploaded files live: a folder on this machine, or an S3-compatible bucket. Keys
 * are slash-separated names such as `profileImages/{uid}`; see `assertValidKey`.
 */
export interface StoredObject {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Creates or replaces the object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** The storage could not do what was asked (unreachable, refused, disk full…). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/**
 * Segments of letters, digits, `_` and `-`, joined by single slashes, 1–512 characters.
 * No dots at all: no `..`, no hidden files, and the local driver's `.json` sidecars can
 * never collide with a key.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}
