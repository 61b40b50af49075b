import type { CliCommand } from '../command';
import { verifyEmailCommand } from './verify-email';

/** Every `npx drabble` command, in the order `--help` lists them. */
export const COMMANDS: readonly CliCommand[] = [verifyEmailCommand];
