import { CommandFailed, type CliCommand } from '../command';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { markEmailVerified } from '../../features/account/identity';
import { findUserByEmail } from '../../shared/users';
import { recordSystemEvent } from '../../shared/audit-log';

export const verifyEmailCommand: CliCommand = {
  name: 'verify-email',
  summary: "mark an account's email address as verified",
  usage: 'verify-email EMAIL',
  description:
    'Marks the address as verified without the emailed link, for an install that cannot send email yet. The ADMIN_EMAIL address becomes an admin when verified. Logged in the audit log as done from the command line.',
  positionals: [1, 1],
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
