import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard, type MetricKey } from '@common/admin/admin';
import { addDays } from '@common/streaks/streak';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import type { ErrorBody } from '../stories/test-support';
import { adminAndWriter, daysAgo, expectAdminsOnly, insertUser, type AdminTestPeople } from './test-support';

describe.each(testDialects())('admin dashboard on %s', (dialect) => {
  let people: AdminTestPeople;
  let today: string;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    people = await adminAndWriter(api.server);
    today = new Date().toISOString().slice(0, 10);
  });

  async function dashboard(query = ''): Promise<Dashboard> {
    const res = await people.admin.client.get(`/api/admin/dashboard${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return dashboardSchema.parse(res.body);
  }

  const metricOf = (d: Dashboard, key: MetricKey) => d.metrics.find((m) => m.key === key)!;
  const seriesOn = (d: Dashboard, n: number) => d.series.find((p) => p.day === addDays(today, -n))!;

  it('is for admins only: 401 for a guest, 403 for a writer', async () => {
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/dashboard');
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/dashboard?days=90');
    await expectAdminsOnly(api.server, people.writer, 'GET', '/api/admin/overview');
  });

  it('accepts 7, 30 or 90 days and refuses anything else with a 400', async () => {
    for (const days of ['8', '0', '-7', '1e1', '7.0', 'abc', '700', '%00']) {
      const res = await people.admin.client.get<ErrorBody>(`/api/admin/dashboard?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_failed', message: 'days: days must be 7, 30 or 90.' });
    }
    expect((await dashboard()).days).toBe(30);
  });

  it('has one zero-filled point per UTC day of the period, oldest first, ending today', async () => {
    for (const days of [7, 30, 90] as const) {
      const d = await dashboard(`?days=${days}`);
      expect(d.days).toBe(days);
      expect(d.series).toHaveLength(days);
      expect(d.series.map((p) => p.day)).toEqual(Array.from({ length: days }, (_, i) => addDays(today, i - days + 1)));
      expect(d.period).toEqual({ from: addDays(today, -(days - 1)), to: today });
      expect(d.previousPeriod).toEqual({ from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) });
      expect(d.metrics.map((m) => m.key)).toEqual(['signups', 'activeWriters', 'storiesPublished', 'comments', 'openFeatureRequests', 'medianFirstResponseHours']);
    }
  });

  it('counts exactly what happened in each period, with the previous value and the change', async () => {
    const { db } = api.server.ctx;
    const writer = people.writer.uid;
    const at = (n: number, time?: string) => daysAgo(today, n, time);

    // Sign-ups: the admin and the writer today, then 3 yesterday, 1 three days ago, 2 ten days ago, 5 twenty days ago.
    for (const [n, count] of [[1, 3], [3, 1], [10, 2], [20, 5]] as const) {
      for (let i = 0; i < count; i++) await insertUser(api.server, at(n));
    }
    const late = await insertUser(api.server, at(9));

    // Stories: two published two days ago, one made public then private (not published now), one published eight days ago.
    const story = async (publicNow: boolean, madePublicAt: string | null) => {
      const id = crypto.randomBytes(10).toString('hex');
      await db
        .insertInto('stories')
        .values({
          id, uid: writer, title: 'T', content: 'words here', preview: 'words here', public: publicNow ? 1 : 0, wordCount: 2, charCount: 10, created_at: at(30), updated_at: at(1),
          madePublicAt, madePrivateAt: publicNow ? null : at(1), promptGenre: null, promptTheme: null, promptTwist: null,
          authorDisplayName: 'Ada', authorProfileIcon: 'User', authorProfileColor: 'blue', authorProfileImage: null,
        })
        .execute();
      return id;
    };
    const target = await story(true, at(2));
    await story(true, at(2, '23:59:59.999'));
    await story(false, at(2));
    await story(true, at(8));
    await story(true, at(40));

    // Comments: one today, two five days ago; four nine days ago.
    for (const [n, count] of [[0, 1], [5, 2], [9, 4]] as const) {
      for (let i = 0; i < count; i++) {
        await db.insertInto('storyComments').values({ id: crypto.randomBytes(10).toString('hex'), storyId: target, uid: writer, text: 'hi', created_at: at(n, '00:00:00.000') }).execute();
      }
    }

    // Writing days: the writer on two days and the admin on one (two distinct writers), a day with no words, one earlier writer.
    await db.insertInto('writingDays').values([
      { uid: writer, day: addDays(today, -1), words: 10 },
      { uid: writer, day: addDays(today, -2), words: 5 },
      { uid: people.admin.uid, day: addDays(today, -2), words: 3 },
      { uid: late, day: addDays(today, -3), words: 0 },
      { uid: late, day: addDays(today, -9), words: 4 },
    ]).execute();

    // Feature requests: open (new, in progress) ones now and before, closed ones, and first admin responses.
    const request = async (n: number, status: string, responses: Array<[fromType: 'admin' | 'user', hoursLater: number]> = []) => {
      const id = crypto.randomUUID();
      const created_at = at(n);
      await db.insertInto('featureRequests').values({ id, text: 'idea', userUid: writer, userDisplayName: 'Ada', userEmail: people.writer.email, status, created_at, lastActivity: created_at, hasAdminResponse: 0 }).execute();
      for (const [fromType, hours] of responses) {
        const when = new Date(Date.parse(created_at) + hours * 3_600_000).toISOString();
        await db.insertInto('featureRequestResponses').values({ id: crypto.randomUUID(), featureRequestId: id, from: fromType === 'admin' ? people.admin.uid : writer, fromType, text: 'r', created_at: when, read: 0 }).execute();
      }
    };
    await request(1, 'new', [['admin', 4]]);
    await request(1, 'new');
    await request(2, 'in-progress', [['user', 1], ['admin', 2], ['admin', 10]]);
    await request(2, 'resolved', [['admin', 9]]);
    await request(8, 'new');
    await request(9, 'responded', [['admin', 1.5]]);
    await request(20, 'new', [['admin', 100]]);

    const week = await dashboard('?days=7');
    expect(metricOf(week, 'signups')).toEqual({ key: 'signups', label: 'Sign-ups', current: 6, previous: 3, changePercent: 100 });
    expect(metricOf(week, 'activeWriters')).toMatchObject({ current: 2, previous: 1, changePercent: 100 });
    expect(metricOf(week, 'storiesPublished')).toMatchObject({ current: 2, previous: 1, changePercent: 100 });
    expect(metricOf(week, 'comments')).toMatchObject({ current: 3, previous: 4, changePercent: -25 });
    expect(metricOf(week, 'openFeatureRequests')).toMatchObject({ current: 3, previous: 1, changePercent: 200 });
    // First admin answers: 4 h, 2 h (the user's reply and the later answer do not count), 9 h → 4; before: 1.5 h.
    expect(metricOf(week, 'medianFirstResponseHours')).toMatchObject({ current: 4, previous: 1.5, changePercent: 166.7 });

    expect(seriesOn(week, 0)).toMatchObject({ signups: 2, comments: 1, storiesPublished: 0, activeWriters: 0 });
    expect(seriesOn(week, 1)).toMatchObject({ signups: 3, activeWriters: 1 });
    expect(seriesOn(week, 2)).toMatchObject({ signups: 0, storiesPublished: 2, activeWriters: 2 });
    expect(seriesOn(week, 3)).toMatchObject({ signups: 1, activeWriters: 0 });
    expect(seriesOn(week, 5)).toMatchObject({ comments: 2 });
    for (const key of ['signups', 'storiesPublished', 'comments'] as const) {
      expect(week.series.reduce((sum, p) => sum + p[key], 0), key).toBe(metricOf(week, key).current);
    }

    const month = await dashboard('?days=30');
    expect(metricOf(month, 'signups')).toMatchObject({ current: 14, previous: 0, changePercent: null });
    expect(metricOf(month, 'storiesPublished')).toMatchObject({ current: 3, previous: 1, changePercent: 200 });
    expect(metricOf(month, 'comments')).toMatchObject({ current: 7, previous: 0, changePercent: null });
    expect(metricOf(month, 'activeWriters')).toMatchObject({ current: 3, previous: 0 });
    expect(metricOf(month, 'openFeatureRequests')).toMatchObject({ current: 5, previous: 0 });
    // 4, 2, 9, 1.5 and 100 hours: the median of five.
    expect(metricOf(month, 'medianFirstResponseHours')).toMatchObject({ current: 4, previous: null, changePercent: null });
    expect(seriesOn(month, 20)).toMatchObject({ signups: 5 });
    expect(month.series).toHaveLength(30);

    // The overview still counts every account.
    const overview = await people.admin.client.get<{ users: number }>('/api/admin/overview');
    expect(overview.body.users).toBe(14);
  });
});
