import { describe, expect, it } from 'vitest';
import { formatLongDate } from '@common/shared/dates';
import { deletionStateSchema } from '@common/your-data/your-data';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp } from '../../test/server';

/**
 * The deletion email writes its date as the app shows it: in the locale the
 * browser asked in (Accept-Language, which browsers send as their own language) and the time
 * zone the browser reported for writing days, in the same long format.
 */
describe.each(testDialects())('the deletion email’s date on %s', (dialect) => {
  const api = useTestServer(dialect);

  for (const [locale, header, timeZone] of [
    ['en-US', 'en-US,en;q=0.9', 'America/New_York'],
    ['de-DE', 'de-DE,de;q=0.9,en;q=0.5', 'Europe/Berlin'],
    ['en-GB', 'fr;q=0.4, en-GB', 'Asia/Tokyo'],
  ] as const) {
    it(`is the app's long date in ${locale}, ${timeZone}`, async () => {
      const person = await signUp(api.server, { name: 'Dana Dates' });
      expect((await person.client.patch('/api/me/timezone', { timezone: timeZone })).status).toBe(200);
      const res = await person.client.send('POST', '/api/account/deletion', { email: person.email }, { 'accept-language': header });
      expect(res.status).toBe(200);
      const { deleteAfter } = deletionStateSchema.parse((res.body as { deletion: unknown }).deletion);
      const day = formatLongDate(deleteAfter, { locale, timeZone });
      const mail = await api.server.mail.waitFor({ to: person.email, subject: /will be deleted/ });
      expect(mail.subject).toBe(`Your Drabble account will be deleted on ${day}`);
      expect(mail.text).toContain(`Sign in before ${day}`);
    });
  }
});
