import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { markEmailVerified } from '../../features/account/identity';
import { findUserByEmail } from '../../shared/users';
import { recordSystemEvent } from '../../shared/audit-log';

export const verifyEmailCommand: CliCommand = {
  ...commandInfo('verify-email'),
  run: async ({ positionals: [email] }, io) =>
    withInstall(io, async (ctx) => {
      const user = await findUserByEmail(ctx.db, email!);
      if (!user) throw new CommandFailed(`no account has the address ${email}`);
      if (user.emailVerified) {
        io.out(`${user.email} was already verified.`);
        return;
      }
      await markEmailVerified(ctx, user.uid);
      await recordSystemEvent(ctx.db, ctx.logger, {
        type: 'email_verified',
        action: 'update',
        source: COMMAND_LINE_SOURCE,
        resource: `users/${user.uid}`,
        details: { by: 'command line' },
      });
      io.out(`Verified ${user.email}.`);
    }),
};
