import path from 'node:path';
import type { ServerContext } from '../../context';
import { resolveAuthSecret } from '../../auth/secret';
import type { BackupSource } from './backup';

/** What a backup reads from a running install (the command line's or the server's context). */
export function backupSourceOf(ctx: ServerContext): BackupSource {
  const { config } = ctx;
  return {
    dialect: ctx.dialect,
    db: ctx.db,
    sqliteFile: config.database.kind === 'sqlite' ? path.join(config.dataDir, config.database.file) : null,
    storage: ctx.storage,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    vapidKeys: ctx.vapid,
  };
}
