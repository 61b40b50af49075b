import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { findAccount } from '../accounts';
import { toDbBool } from '../../db/bool';
import { insertSystemLog, logUserOf } from '../../shared/audit-log';
import { publishUserChanged } from '../../shared/users';

export const createAdminCommand: CliCommand = {
  ...commandInfo('create-admin'),
  run: async ({ positionals: [email] }, io) =>
    withInstall(io, async (ctx) => {
      const done = await ctx.db.transaction().execute(async (trx) => {
        const account = await findAccount(trx, email!, ctx.dialect);
        if (!account) {
          throw new CommandFailed(`no account has the address ${email}: sign up with it first (${ctx.config.publicUrl}/login), then run this again`);
        }
        if (account.admin) return { email: account.email, changed: false };
        if (account.suspended) throw new CommandFailed(`${account.email} is suspended: lift the suspension first`);
        if (account.deactivated) throw new CommandFailed(`${account.email} has asked to delete their account: they cancel the deletion first`);
        if (!account.emailVerified) {
          throw new CommandFailed(
            `${account.email} has not verified the address, and an admin's address must be verified (run "npx drabble verify-email ${account.email}" first if you know it is theirs)`,
          );
        }
        await trx.updateTable('users').set({ admin: toDbBool(true) }).where('uid', '=', account.uid).execute();
        await insertSystemLog(trx, {
          type: 'admin_granted',
          action: 'update',
          source: COMMAND_LINE_SOURCE,
          user: logUserOf(account),
          resource: `users/${account.uid}`,
          details: { by: 'command line' },
        });
        // Last: recording an event holds the outbox's lock until commit (docs/decisions/0006).
        await publishUserChanged(ctx, trx, account.uid);
        return { email: account.email, changed: true };
      });
      io.out(done.changed ? `${done.email} is now an admin.` : `${done.email} is already an admin.`);
    }),
};
