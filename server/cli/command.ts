import type { ParseArgsConfig } from 'node:util';

/** Where a command writes: standard output for what it reports, standard error for trouble. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** The environment the command reads its configuration from (process.env, or a test's own). */
  env: NodeJS.ProcessEnv;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** One `npx drabble <name>` command. */
export interface CliCommand {
  name: string;
  /** One line for `npx drabble --help`. */
  summary: string;
  /** The synopsis after `drabble`, e.g. `backup [--out FILE]`. */
  usage: string;
  /** What `npx drabble <name> --help` says below the synopsis. */
  description: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  /** How many positional arguments it takes: [fewest, most]. */
  positionals?: readonly [number, number];
  /** Resolves with the exit code (0 when it returns nothing). */
  run(args: ParsedArgs, io: CliIo): Promise<number | void>;
}

/** A mistake in how the command was called: one line on standard error, exit code 2. */
export class UsageError extends Error {}

/** A command that ran and failed for a reason worth one line (not a crash): exit code 1. */
export class CommandFailed extends Error {}
