import { CommandFailed, type CliCommand } from '../command';
import { commandInfo } from '../usage.js';
import { COMMAND_LINE_SOURCE, withInstall } from '../install';
import { findAccount } from '../accounts';
import { fromDbBool, toDbBool } from '../../db/bool';
import { anotherAdminStays } from '../../shared/admins';
import { insertSystemLog, logUserOf } from '../../shared/audit-log';
import { isOwner, publishUserChanged } from '../../shared/users';

export const removeAdminCommand: CliCommand = {
  ...commandInfo('remove-admin'),
  run: async ({ positionals: [email] }, io) =>
    withInstall(io, async (ctx) => {
      const done = await ctx.db.transaction().execute(async (trx) => {
        const account = await findAccount(trx, email!);
        if (!account) throw new CommandFailed(`no account has the address ${email}`);
        if (!account.admin) return { email: account.email, changed: false };
        if (isOwner(account.email, account.emailVerified, ctx.config.adminEmail)) {
          throw new CommandFailed(`${account.email} is ADMIN_EMAIL, which the server makes an admin whenever it starts: set ADMIN_EMAIL to another address and restart first`);
        }
        // Every admin row is locked here, in one order, before the target's is written: two
        // removals at once queue, and the second sees the first's result (never a deadlock,
        // as it would be if each locked its own target first).
        const stays = await anotherAdminStays(trx, ctx.dialect, account.uid);
        const now = await trx.selectFrom('users').select('admin').where('uid', '=', account.uid).executeTakeFirstOrThrow();
        if (!fromDbBool(now.admin)) return { email: account.email, changed: false };
        if (!stays) throw new CommandFailed(`${account.email} is the last admin: make someone else an admin first (npx drabble create-admin EMAIL)`);
        await trx.updateTable('users').set({ admin: toDbBool(false) }).where('uid', '=', account.uid).execute();
        await insertSystemLog(trx, {
          type: 'admin_removed',
          action: 'update',
          source: COMMAND_LINE_SOURCE,
          user: logUserOf(account),
          resource: `users/${account.uid}`,
          details: { by: 'command line' },
        });
        await publishUserChanged(ctx, trx, account.uid);
        return { email: account.email, changed: true };
      });
      io.out(done.changed ? `${done.email} is no longer an admin.` : `${done.email} is not an admin.`);
    }),
};
