import type { CommandInfo, ParsedArgs } from './usage.js';

export type { ParsedArgs } from './usage.js';

/** Where a command writes: standard output for what it reports, standard error for trouble. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** The environment the command reads its configuration from (process.env, or a test's own). */
  env: NodeJS.ProcessEnv;
}

/** One `npx drabble <name>` command: its words (usage.js, COMMAND_INFO) and what it does. */
export interface CliCommand extends CommandInfo {
  /** Resolves with the exit code (0 when it returns nothing). */
  run(args: ParsedArgs, io: CliIo): Promise<number | void>;
}

/** A mistake in how the command was called: one line on standard error, exit code 2. */
export class UsageError extends Error {}

/** A command that ran and failed for a reason worth one line (not a crash): exit code 1. */
export class CommandFailed extends Error {}
