import { ConfigError } from '../config';
import { CommandFailed, UsageError, type CliCommand, type CliIo } from './command';
import { PROGRAM, readCommandLine } from './usage.js';

/**
 * Runs one command line (`argv` without node and the script) and resolves with the exit code:
 * 0 done, 1 the command failed, 2 it was called wrongly. Never throws for anything a person
 * can type; the message is one line on standard error. What needs no command to run (the
 * list, a command's help, a mistake in the call) is answered by usage.js, as bin/drabble.js
 * answers it before loading any of this.
 */
export async function runCli(argv: readonly string[], commands: readonly CliCommand[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, commands);
  if (read.answer) {
    read.answer.out.forEach((line) => io.out(line));
    read.answer.err.forEach((line) => io.err(line));
    return read.answer.code;
  }
  const { command, args } = read;
  try {
    return (await command.run(args, io)) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${PROGRAM} ${command.name}: ${err.message}`);
      return 2;
    }
    if (err instanceof CommandFailed || err instanceof ConfigError) {
      io.err(`${PROGRAM} ${command.name}: ${err.message}`);
      return 1;
    }
    io.err(`${PROGRAM} ${command.name} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
