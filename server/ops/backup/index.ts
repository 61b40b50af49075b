export { createBackup, type BackupResult, type BackupSource } from './backup';
export { restoreBackup, RestoreRefused, type RestoreResult, type RestoreTarget } from './restore';
export { ArchiveError } from './archive';
export { backupSourceOf } from './source';
export { defaultBackupName, formatBytes, formatCount, formatSeconds, BACKUP_NAME_PATTERN, type Manifest } from './format';
export { NOT_CARRIED } from './carried';
