import { CommandFailed, type CliCommand } from '../command';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { findAccount } from '../accounts';
import { createResetLink } from '../../features/account/passwords';
import { insertSystemLog, logUserOf } from '../../shared/audit-log';

export const resetPasswordCommand: CliCommand = {
  name: 'reset-password',
  summary: 'print a one-time link to choose a new password',
  usage: 'reset-password EMAIL',
  description: [
    'Prints a one-time link to the reset-password page for the account with this address, for an owner who lost',
    'their mailbox: the same link "Forgot password" emails, valid for 1 hour, and any earlier reset link stops working.',
    "Opening it sets a new password, signs the account out everywhere and marks its address verified. Nothing is",
    'emailed. The link is as good as the password: give it only to the account\'s owner. Logged in the audit log as',
    'done from the command line (the link itself is not logged).',
  ].join('\n'),
  positionals: [1, 1],
  run: async ({ positionals: [email] }, io) =>
    withInstall(io, async (ctx) => {
      const account = await findAccount(ctx.db, email!);
      if (!account) throw new CommandFailed(`no account has the address ${email}`);
      // A suspended account cannot sign in, whatever its password.
      if (account.suspended) throw new CommandFailed(`${account.email} is suspended: lift the suspension first`);
      const { link, expiresAt } = await createResetLink(ctx, account.uid, account.email);
      await insertSystemLog(ctx.db, {
        type: 'password_reset_link',
        action: 'security',
        source: COMMAND_LINE_SOURCE,
        user: logUserOf(account),
        resource: `users/${account.uid}`,
        details: { by: 'command line', expiresAt: expiresAt.toISOString() },
      });
      io.out(`One-time link to choose a new password for ${account.email}, valid until ${expiresAt.toISOString()}:`);
      io.out(link);
    }),
};
