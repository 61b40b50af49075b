import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';

/** Every migration, in order. Written once with Kysely's schema builder for both databases. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
