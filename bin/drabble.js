#!/usr/bin/env node
// `npx drabble <command>`: the command line for whoever runs a Drabble install (server/cli).
// What needs no command to run (--help, a command's --help, a mistyped command or option) is
// answered first, from server/cli/usage.js alone: at once, with nothing built or loaded. A
// command runs the compiled dist/cli.js, built first when it is missing or older than the code
// it is built from (as `npm start` builds the server), so a fresh checkout needs only `npm install`.
import { pathToFileURL } from 'node:url';
import { COMMAND_INFO, readCommandLine } from '../server/cli/usage.js';

const { answer } = readCommandLine(process.argv.slice(2), COMMAND_INFO);
if (answer) {
  for (const line of answer.out) process.stdout.write(`${line}\n`);
  for (const line of answer.err) process.stderr.write(`${line}\n`);
  // Not process.exit: a pipe may still hold what was written.
  process.exitCode = answer.code;
} else {
  // Loaded only now: the build step is no part of an answer above.
  const { built, ensureCliBuilt } = await import('./build-cli.js');
  if (ensureCliBuilt()) await import(pathToFileURL(built).href);
  else process.exitCode = 1;
}
