import { parseArgs } from 'node:util';

/*
 * What `npx drabble` says about itself, and how it reads a command line, in plain JavaScript
 * with nothing but Node's own modules: bin/drabble.js answers from this file alone everything
 * that needs no command to run (the list, a command's --help, a mistyped command or option,
 * a missing argument), before it builds or loads dist/cli.js, which bundles the whole server.
 * Those answers come at once, even in a checkout that was just edited and would need a build.
 * The commands (server/cli/commands) take their words from here; types in usage.d.ts.
 */

export const PROGRAM = 'drabble';

/** Below this much free space in DATA_DIR the doctor's disk check fails, unless --min-free-mb says otherwise. */
export const DEFAULT_MIN_FREE_MB = 1024;

/** Every `npx drabble` command, in the order `--help` lists them. */
export const COMMAND_INFO = [
  {
    name: 'backup',
    summary: 'write a backup of the whole install to one file',
    usage: 'backup [--out FILE]',
    description: [
      "Writes every table (better-auth's too), the uploaded files and the auth secret to one zip file that",
      'either database can restore, with a manifest of versions, row counts and checksums. The server may',
      'keep running: the backup reads one consistent snapshot. Without --out the file is',
      'drabble-backup-<yyyymmdd-hhmmss>.zip (UTC) in the current folder. It holds password hashes and',
      'the auth secret: keep it as safe as the database.',
    ].join('\n'),
    options: { out: { type: 'string', short: 'o' } },
    positionals: [0, 0],
  },
  {
    name: 'restore',
    summary: 'restore a backup into the database and storage the environment names',
    usage: 'restore FILE [--force]',
    description: [
      'Restores a file written by "npx drabble backup", from SQLite or PostgreSQL, into the database',
      "DATABASE_URL names (or DATA_DIR's SQLite file) and the configured storage. Every checksum is",
      "checked before anything is written; an older backup is brought up to this version's schema; the",
      'database is loaded in one transaction, so a failed restore changes nothing. Stop the server first.',
      'A database that already holds accounts is refused unless --force, which replaces everything in it.',
    ].join('\n'),
    options: { force: { type: 'boolean' } },
    positionals: [1, 1],
  },
  {
    name: 'verify-email',
    summary: "mark an account's email address as verified",
    usage: 'verify-email EMAIL',
    description:
      'Marks the address as verified without the emailed link, for an install that cannot send email yet. The ADMIN_EMAIL address becomes an admin when verified. Logged in the audit log as done from the command line.',
    positionals: [1, 1],
  },
  {
    name: 'create-admin',
    summary: 'make an existing account an admin',
    usage: 'create-admin EMAIL',
    description: [
      'Makes the account with this address an admin. The account must exist (sign up with the address first)',
      'and its address must be verified: the server takes admin away from an unverified address when it starts',
      '(verify it with "npx drabble verify-email EMAIL" when you know the address is theirs). A suspended account,',
      'or one whose deletion was asked for, is refused. Takes effect on their next request; their open tabs update.',
      'Logged in the audit log as done from the command line.',
    ].join('\n'),
    positionals: [1, 1],
  },
  {
    name: 'remove-admin',
    summary: "take an account's admin rights away (never the last admin's)",
    usage: 'remove-admin EMAIL',
    description: [
      'Takes admin away from the account with this address. Refused when no other admin would remain (one who is',
      'not suspended and has not asked to delete their account), even when two of these run at once. The ADMIN_EMAIL',
      'address is refused too: the server makes it an admin again whenever it starts, so change ADMIN_EMAIL first.',
      'Takes effect on their next request. Logged in the audit log as done from the command line.',
    ].join('\n'),
    positionals: [1, 1],
  },
  {
    name: 'reset-password',
    summary: 'print a one-time link to choose a new password',
    usage: 'reset-password EMAIL',
    description: [
      'Prints a one-time link to the reset-password page for the account with this address, for an owner who lost',
      'their mailbox: the same link "Forgot password" emails, valid for 1 hour, and any earlier reset link stops working.',
      'Opening it sets a new password, signs the account out everywhere and marks its address verified. Nothing is',
      "emailed. The link is as good as the password: give it only to the account's owner. Logged in the audit log as",
      'done from the command line (the link itself is not logged).',
    ].join('\n'),
    positionals: [1, 1],
  },
  {
    name: 'recount',
    summary: 'recompute every stored count from its rows and report what drifted',
    usage: 'recount',
    description: [
      "Recomputes every value kept beside the rows it is derived from: stories' likes, comments and views, writers'",
      "follower and following counts, moderation cases' report counts, feature requests' answered flag, conversations'",
      'last-message preview, and streaks (replayed from writing days; one that lapsed since the writer was last seen',
      'counts as drifted). Prints one line per kind with how many rows drifted, and fixes them. Safe while the server',
      'is running: each fix is its own short transaction with the row locked, and open tabs see the corrected value.',
    ].join('\n'),
  },
  {
    name: 'doctor',
    summary: 'check the configuration, database, migrations, disk, S3 storage and SMTP',
    usage: 'doctor [--min-free-mb N]',
    description: [
      'Checks what the install needs, one line each (✓ fine, ✗ failed, – not set or not checked), and exits 1 when',
      'one fails: the configuration, that the database answers, that no migration is pending, the free space in',
      `DATA_DIR (at least ${DEFAULT_MIN_FREE_MB} MiB, or --min-free-mb), with STORAGE_DRIVER=s3 that the bucket answers a`,
      'signed read (endpoint reachable, key pair accepted, bucket there), and when SMTP_URL is set that the mail server',
      'accepts a connection (greeting, EHLO, and login when the URL has a user). Changes nothing; safe while the server runs.',
    ].join('\n'),
    options: { 'min-free-mb': { type: 'string' } },
  },
];

/** One command's words, for its implementation to spread. */
export function commandInfo(name) {
  const info = COMMAND_INFO.find((c) => c.name === name);
  if (!info) throw new Error(`no command "${name}" in server/cli/usage.js`);
  return info;
}

function listing(commands) {
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

function commandHelp(command) {
  const options = Object.entries(command.options ?? {}).map(([name, o]) => `  --${name}${o.type === 'string' ? ' VALUE' : ''}`);
  return [`Usage: npx ${PROGRAM} ${command.usage}`, '', command.description, ...(options.length ? ['', 'Options:', ...options, '  --help'] : [])];
}

/** Levenshtein distance, for "did you mean": command names are short, so the plain table is plenty. */
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** The command a mistyped name most likely meant: a prefix of it, or one or two letters off. */
function closest(name, commands) {
  const typed = name.toLowerCase();
  const prefixed = commands.filter((c) => typed.length >= 3 && c.name.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  const ranked = commands.map((c) => ({ c, d: distance(typed, c.name) })).sort((x, y) => x.d - y.d);
  const best = ranked[0];
  return best && best.d <= Math.min(2, Math.floor(best.c.name.length / 3)) && ranked[1]?.d !== best.d ? best.c : null;
}

const answer = (code, out, err = []) => ({ answer: { code, out, err } });

/**
 * Reads a command line (`argv` without node and the script). Either the answer, when none
 * of the commands' code is needed (the list, a command's help, a mistake in how it was
 * called: exit 0, or 2 with one line on standard error), or the command to run and its
 * parsed arguments.
 */
export function readCommandLine(argv, commands) {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') return answer(name === undefined ? 2 : 0, listing(commands));
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const meant = closest(name, commands);
    const hint = meant ? `; did you mean "${meant.name}"?` : '';
    return answer(2, [], [`${PROGRAM}: unknown command "${name}"${hint} (run "npx ${PROGRAM} --help" for the list)`]);
  }
  const usageError = (message) => answer(2, [], [`${PROGRAM} ${command.name}: ${message}`]);
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    return usageError(err instanceof Error ? err.message.split('\n')[0] : String(err));
  }
  if (parsed.values.help) return answer(0, commandHelp(command));
  const [fewest, most] = command.positionals ?? [0, 0];
  if (parsed.positionals.length < fewest) return usageError(`missing argument (usage: ${PROGRAM} ${command.usage})`);
  if (parsed.positionals.length > most) return usageError(`unexpected argument "${parsed.positionals[most]}" (usage: ${PROGRAM} ${command.usage})`);
  return { command, args: { values: parsed.values, positionals: parsed.positionals } };
}
