import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { ObjectStorage } from './types';

export type { ObjectStorage, StoredObject } from './types';
export { StorageError } from './types';

/** The driver the configuration names: local files under DATA_DIR/uploads by default. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): ObjectStorage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage);
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
