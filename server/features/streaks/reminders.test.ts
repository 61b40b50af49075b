import { describe, expect, it } from 'vitest';
import { EMAIL_DELAY_MS, notificationPrefsSchema, type UserNotification } from '@common/notifications/notifications';
import { storyCreateSchema } from '@common/stories/story';
import { addDays, localDay, zonedInstant } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { signUp, signUpVerified, type SignedUp } from '../../test/server';
import { findUser } from '../../shared/users';
import { buildStoryInput } from '../stories/test-support-builders';
import { createStory } from '../stories/service';
import { deliverDueEmails } from '../notifications';
import { allNotifications } from '../notifications/test-support';
import { sendDueReminders } from './reminders';
import { changeTimeZone } from './service';

describe.each(testDialects())('the streak reminder on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { SIGNUP_RATE_LIMIT: '1000' } });

  /** Saves a story as the writer at a given instant (the test's clock), in their zone. */
  async function writeAt(who: SignedUp, at: Date, words = 20) {
    const user = (await findUser(api.server.ctx.db, who.uid))!;
    const input = storyCreateSchema.parse({ ...buildStoryInput(), content: 'word '.repeat(words) });
    return createStory(api.server.ctx, { user, sessionId: null, ip: '127.0.0.1', userAgent: null }, input, at);
  }

  /** A writer in `timezone` who wrote at noon local on each of `days` days ending on `lastDay`. */
  async function writerWithStreak(timezone: string, lastDay: string, days: number, verified = false) {
    const who = verified ? await signUpVerified(api.server) : await signUp(api.server);
    expect((await who.client.patch('/api/me/timezone', { timezone })).status).toBe(200);
    for (let i = days - 1; i >= 0; i -= 1) await writeAt(who, zonedInstant(addDays(lastDay, -i), 12, timezone));
    return who;
  }

  async function setReminder(who: SignedUp, on: boolean, email?: boolean) {
    const res = await who.client.patch('/api/me/notification-prefs', { types: { streak_reminder: { on } }, ...(email === undefined ? {} : { email: { streak_reminder: email } }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return notificationPrefsSchema.parse(res.body);
  }

  const reminderAtOf = async (who: SignedUp) =>
    (await api.server.ctx.db.selectFrom('users').select('reminderAt').where('uid', '=', who.uid).executeTakeFirstOrThrow()).reminderAt;
  const remindersOf = async (who: SignedUp): Promise<UserNotification[]> => (await allNotifications(who.client)).filter((n) => n.type === 'streak_reminder');
  const pass = (at: Date) => sendDueReminders(api.server.ctx, at.getTime());
  const at20 = (day: string, timezone: string, seconds = 0) => new Date(zonedInstant(day, 20, timezone).getTime() + seconds * 1000);

  it('is off by default, and switching it on schedules the next 20:00 in the writer’s zone; off clears it', async () => {
    const writer = await writerWithStreak('Asia/Tokyo', '2032-01-05', 1);
    const prefs = notificationPrefsSchema.parse((await writer.client.get('/api/me/notification-prefs')).body);
    expect(prefs.types.streak_reminder.on).toBe(false);
    expect(prefs.email.streak_reminder).toBe(false);
    expect(await reminderAtOf(writer)).toBeNull();

    const before = Date.now();
    expect((await setReminder(writer, true)).types.streak_reminder.on).toBe(true);
    const reminderAt = (await reminderAtOf(writer))!;
    expect(Date.parse(reminderAt)).toBeGreaterThan(before);
    expect(Date.parse(reminderAt) - before).toBeLessThanOrEqual(24 * 3_600_000);
    expect(zonedInstant(localDay(new Date(reminderAt), 'Asia/Tokyo'), 20, 'Asia/Tokyo').toISOString()).toBe(reminderAt);
    // Switching it on again, or changing its email, keeps the one scheduled.
    await setReminder(writer, true, true);
    expect(await reminderAtOf(writer)).toBe(reminderAt);

    expect((await setReminder(writer, false)).types.streak_reminder.on).toBe(false);
    expect(await reminderAtOf(writer)).toBeNull();
    for (const body of [{ types: { streak_reminder: { on: 'yes' } } }, { types: { streak_reminder: { when: '20:00' } } }, { email: { streak_reminder: 1 } }]) {
      expect((await writer.client.patch('/api/me/notification-prefs', body)).status).toBe(400);
    }
    expect(await reminderAtOf(writer)).toBeNull();
  });

  it('is due at 20:00 local, in each writer’s own zone, when the streak is alive and today has no words', async () => {
    const paris = await writerWithStreak('Europe/Paris', '2032-02-03', 3);
    const la = await writerWithStreak('America/Los_Angeles', '2032-02-03', 2);
    await setReminder(paris, true);
    await setReminder(la, true);

    // 19:59 in Paris on the 4th: nothing yet; both are scheduled for their own 20:00.
    await pass(at20('2032-02-04', 'Europe/Paris', -60));
    expect(await remindersOf(paris)).toEqual([]);
    expect(await reminderAtOf(paris)).toBe('2032-02-04T19:00:00.000Z');
    expect(await reminderAtOf(la)).toBe('2032-02-05T04:00:00.000Z');

    await pass(at20('2032-02-04', 'Europe/Paris', 5));
    const [toParis] = await remindersOf(paris);
    expect(toParis).toMatchObject({
      type: 'streak_reminder',
      detail: 'Your 3-day streak ends at midnight — write a few words to keep it.',
      link: '/story/new',
      read: false,
      created_at: '2032-02-04T19:00:05.000Z',
    });
    expect(await remindersOf(la)).toEqual([]);
    expect(await reminderAtOf(paris)).toBe('2032-02-05T19:00:00.000Z');

    await pass(at20('2032-02-04', 'America/Los_Angeles', 5));
    expect((await remindersOf(la)).map((n) => n.detail)).toEqual(['Your 2-day streak ends at midnight — write a few words to keep it.']);
    expect(await remindersOf(paris)).toHaveLength(1);
  });

  it('says a freeze will be spent when the writer holds one', async () => {
    const writer = await writerWithStreak('UTC', '2032-03-07', 7);
    await setReminder(writer, true);
    await pass(at20('2032-03-08', 'UTC'));
    expect((await remindersOf(writer)).map((n) => n.detail)).toEqual(['Your 7-day streak will spend a freeze at midnight — write a few words to save it.']);
  });

  it('is not sent when today has words, when there is no streak, or when it is off', async () => {
    const wrote = await writerWithStreak('Europe/Berlin', '2032-04-02', 3);
    await writeAt(wrote, zonedInstant('2032-04-03', 9, 'Europe/Berlin'), 5);
    const lapsed = await writerWithStreak('Europe/Berlin', '2032-04-01', 4); // 2 April missed: no streak on the 3rd
    const never = await signUp(api.server); // never wrote
    const off = await writerWithStreak('Europe/Berlin', '2032-04-02', 3);
    for (const who of [wrote, lapsed, never, off]) await setReminder(who, true);
    await setReminder(off, false);

    await pass(at20('2032-04-03', 'Europe/Berlin', 1));
    await pass(at20('2032-04-03', 'UTC', 1)); // `never` is in UTC
    for (const who of [wrote, lapsed, never, off]) expect(await remindersOf(who)).toEqual([]);
    // Still scheduled for tomorrow, except the one switched off.
    expect(await reminderAtOf(wrote)).toBe('2032-04-04T18:00:00.000Z');
    expect(await reminderAtOf(off)).toBeNull();
  });

  it('goes out once a day, even to a burst of parallel due passes, and not again when a zone change brings 20:00 round twice', async () => {
    const writer = await writerWithStreak('Asia/Tokyo', '2032-05-03', 2);
    await setReminder(writer, true);
    await pass(at20('2032-05-04', 'Asia/Tokyo', -3600)); // schedules tonight's
    const sent = await Promise.all(Array.from({ length: 8 }, () => pass(at20('2032-05-04', 'Asia/Tokyo', 30))));
    expect(await remindersOf(writer)).toHaveLength(1);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await pass(at20('2032-05-04', 'Asia/Tokyo', 3600));
    expect(await remindersOf(writer)).toHaveLength(1);

    // Flying to Los Angeles the same evening: 4 May there has 20:00 still to come, but it had its reminder.
    const landed = new Date('2032-05-04T13:00:00Z'); // 06:00 on 4 May in Los Angeles
    await changeTimeZone(api.server.ctx, writer.uid, 'America/Los_Angeles', landed);
    expect(await reminderAtOf(writer)).toBe(zonedInstant('2032-05-04', 20, 'America/Los_Angeles').toISOString());
    await pass(at20('2032-05-04', 'America/Los_Angeles', 5));
    expect(await remindersOf(writer)).toHaveLength(1);
    // Having written that evening, the next day there it is due again.
    await writeAt(writer, at20('2032-05-04', 'America/Los_Angeles', 3600));
    await pass(at20('2032-05-05', 'America/Los_Angeles', 5));
    expect(await remindersOf(writer)).toHaveLength(2);
  });

  it('emails the reminder through SMTP when that email is on, unless the writer wrote meanwhile', async () => {
    const emailed = await writerWithStreak('Europe/London', '2032-06-01', 4, true);
    const wroteSoon = await writerWithStreak('Europe/London', '2032-06-01', 4, true);
    const noEmail = await writerWithStreak('Europe/London', '2032-06-01', 4, true);
    await setReminder(emailed, true, true);
    await setReminder(wroteSoon, true, true);
    await setReminder(noEmail, true);
    const due = at20('2032-06-02', 'Europe/London');
    await pass(due);
    for (const who of [emailed, wroteSoon, noEmail]) expect(await remindersOf(who)).toHaveLength(1);
    await writeAt(wroteSoon, new Date(due.getTime() + 60_000), 10);

    await deliverDueEmails(api.server.ctx, due.getTime() + EMAIL_DELAY_MS + 1000);
    const mail = await api.server.mail.waitFor({ to: emailed.email, subject: /streak/ });
    expect(mail.subject).toBe('Your 4-day streak ends at midnight');
    expect(mail.text).toContain('Your 4-day streak ends at midnight — write a few words to keep it.');
    expect(mail.links).toContain(`${api.server.config.publicUrl}/story/new`);
    expect(mail.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    await expect(api.server.mail.waitFor({ to: wroteSoon.email, subject: /streak/ }, 400)).rejects.toThrow();
    await expect(api.server.mail.waitFor({ to: noEmail.email, subject: /streak/ }, 400)).rejects.toThrow();
  });

  it('honours daylight saving: 20:00 in New York is 00:00Z on the day the clocks go forward', async () => {
    // 9 March 2031 is the US spring-forward day.
    const writer = await writerWithStreak('America/New_York', '2031-03-08', 3);
    await setReminder(writer, true);
    await pass(new Date('2031-03-09T01:00:00Z')); // 20:00 EST on the 8th: it had words that day
    expect(await remindersOf(writer)).toEqual([]);
    expect(await reminderAtOf(writer)).toBe('2031-03-10T00:00:00.000Z'); // 23 hours on, 20:00 EDT
    await pass(new Date('2031-03-09T23:59:59Z'));
    expect(await remindersOf(writer)).toEqual([]);
    await pass(new Date('2031-03-10T00:00:00Z'));
    expect((await remindersOf(writer)).map((n) => n.created_at)).toEqual(['2031-03-10T00:00:00.000Z']);
    expect(await reminderAtOf(writer)).toBe('2031-03-11T00:00:00.000Z');
  });
});
