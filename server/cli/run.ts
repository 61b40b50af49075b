import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { CommandFailed, UsageError, type CliCommand, type CliIo } from './command';

const PROGRAM = 'drabble';

function listing(commands: readonly CliCommand[]): string[] {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `Usage: npx ${PROGRAM} <command> [options]`,
    '',
    'Runs against the install the environment names (DATA_DIR, DATABASE_URL, storage settings), as the server does.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run "npx ${PROGRAM} <command> --help" for a command's options.`,
  ];
}

function commandHelp(command: CliCommand): string[] {
  const options = Object.entries(command.options ?? {}).map(([name, o]) => `  --${name}${o.type === 'string' ? ' VALUE' : ''}`);
  return [`Usage: npx ${PROGRAM} ${command.usage}`, '', command.description, ...(options.length ? ['', 'Options:', ...options, '  --help'] : [])];
}

/**
 * Runs one command line (`argv` without node and the script) and resolves with the exit code:
 * 0 done, 1 the command failed, 2 it was called wrongly. Never throws for anything a person
 * can type; the message is one line on standard error.
 */
export async function runCli(argv: readonly string[], commands: readonly CliCommand[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    listing(commands).forEach((line) => io.out(line));
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`${PROGRAM}: unknown command "${name}" (run "npx ${PROGRAM} --help" for the list)`);
    return 2;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...rest], options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message.split('\n')[0]! : String(err));
    }
    if (parsed.values.help) {
      commandHelp(command).forEach((line) => io.out(line));
      return 0;
    }
    const [fewest, most] = command.positionals ?? [0, 0];
    if (parsed.positionals.length < fewest) throw new UsageError(`missing argument (usage: ${PROGRAM} ${command.usage})`);
    if (parsed.positionals.length > most) throw new UsageError(`unexpected argument "${parsed.positionals[most]}" (usage: ${PROGRAM} ${command.usage})`);
    return (await command.run({ values: parsed.values, positionals: parsed.positionals }, io)) ?? 0;
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
