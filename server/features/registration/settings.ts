import type { Kysely } from 'kysely';
import { DEFAULT_REGISTRATION, registrationSettingsSchema, type RegistrationSettings, type registrationUpdateSchema } from '@common/registration/registration';
import type { z } from 'zod';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { findSiteSetting, insertSiteSettingIfMissing, lockSiteSetting, updateSiteSetting } from './queries';

type Db = Kysely<Database>;
const KEY = 'registration';

/**
 * The registration settings as stored; the defaults (open, nothing blocked) until an admin
 * saves, or when the stored JSON no longer parses. Read on sign-ups and email changes only,
 * never on ordinary requests, so it is not cached: every instance sees a change at once.
 */
export async function readRegistration(db: Db): Promise<RegistrationSettings> {
  const row = await findSiteSetting(db, KEY);
  if (!row) return DEFAULT_REGISTRATION;
  try {
    const parsed = registrationSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_REGISTRATION;
  } catch {
    return DEFAULT_REGISTRATION;
  }
}

/**
 * PATCH /api/admin/settings/registration: the change and its audit entry in one transaction,
 * the row locked (PostgreSQL; SQLite writes one at a time) so two admins' saves never log a
 * "from" that the other had already replaced.
 */
export async function updateRegistration(ctx: ServerContext, admin: SessionUser, update: z.output<typeof registrationUpdateSchema>): Promise<RegistrationSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    // The row exists from here on, so the lock below always has something to hold.
    await insertSiteSettingIfMissing(trx, KEY, JSON.stringify(DEFAULT_REGISTRATION), now);
    await lockSiteSetting(trx, ctx.dialect, KEY);
    const before = await readRegistration(trx);
    const after: RegistrationSettings = { mode: update.mode ?? before.mode, blockedDomains: update.blockedDomains ?? before.blockedDomains };
    await updateSiteSetting(trx, KEY, JSON.stringify(after), now);
    const details: Record<string, unknown> = {};
    if (after.mode !== before.mode) details.mode = { from: before.mode, to: after.mode };
    const added = after.blockedDomains.filter((d) => !before.blockedDomains.includes(d));
    const removed = before.blockedDomains.filter((d) => !after.blockedDomains.includes(d));
    if (added.length > 0 || removed.length > 0) details.blockedDomains = { added, removed };
    if (Object.keys(details).length > 0) {
      await insertAdminLog(trx, { admin: logUserOf(admin), action: 'registration_settings_changed', target: 'siteSettings/registration', details });
    }
    return after;
  });
}
