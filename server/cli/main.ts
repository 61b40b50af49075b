import { COMMANDS } from './commands';
import { runCli } from './run';

/** dist/cli.js, run by bin/drabble.js: `npx drabble <command>`. */
process.exitCode = await runCli(process.argv.slice(2), COMMANDS, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
});
