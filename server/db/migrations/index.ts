import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';
import * as featureRequests from './0002_feature_requests';

/** Every migration, in order. Written once with Kysely's schema builder for both databases. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_feature_requests': featureRequests,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
