import type { CliCommand } from '../command';
import { verifyEmailCommand } from './verify-email';
import { backupCommand } from './backup';
import { restoreCommand } from './restore';

/** Every `npx drabble` command, in the order `--help` lists them. */
export const COMMANDS: readonly CliCommand[] = [verifyEmailCommand, backupCommand, restoreCommand];
