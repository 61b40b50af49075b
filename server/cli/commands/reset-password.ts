import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { findAccount } from '../accounts';
import { createResetLink } from '../../features/account/passwords';
import { insertSystemLog, logUserOf } from '../../shared/audit-log';

export const resetPasswordCommand: CliCommand = {
  ...commandInfo('reset-password'),
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
