import type { ParseArgsConfig } from 'node:util';

/** Types of usage.js (plain JavaScript, so bin/drabble.js can load it without a build). */

export declare const PROGRAM: string;
export declare const DEFAULT_MIN_FREE_MB: number;

/** What `npx drabble` says about one command. */
export interface CommandInfo {
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
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CommandLineAnswer {
  code: number;
  out: string[];
  err: string[];
}

export declare const COMMAND_INFO: readonly CommandInfo[];
export declare function commandInfo(name: string): CommandInfo;
export declare function readCommandLine<C extends CommandInfo>(
  argv: readonly string[],
  commands: readonly C[],
): { answer: CommandLineAnswer; command?: never; args?: never } | { answer?: never; command: C; args: ParsedArgs };
