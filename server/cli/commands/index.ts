import type { CliCommand } from '../command';
import { verifyEmailCommand } from './verify-email';
import { createAdminCommand } from './create-admin';
import { removeAdminCommand } from './remove-admin';
import { resetPasswordCommand } from './reset-password';
import { recountCommand } from './recount';
import { doctorCommand } from './doctor';
import { backupCommand } from './backup';
import { restoreCommand } from './restore';

/** Every `npx drabble` command, in the order `--help` lists them (usage.js COMMAND_INFO, whose words they take). */
export const COMMANDS: readonly CliCommand[] = [
  backupCommand,
  restoreCommand,
  verifyEmailCommand,
  createAdminCommand,
  removeAdminCommand,
  resetPasswordCommand,
  recountCommand,
  doctorCommand,
];
