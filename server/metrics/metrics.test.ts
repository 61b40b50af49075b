import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { testDialects } from '../test/databases';
import { openEventStream } from '../test/sse';
import { useTestServer } from '../test/api-fixture';
import { signUp, startTestServer, type TestServer } from '../test/server';
import { postStory } from '../features/stories/test-support';
import { UNMATCHED_ROUTE } from './http';

const TOKEN = 'scrape-token-0123456789abcdef';

async function scrapeText(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const scrape = async (server: TestServer): Promise<ParsedFamily[]> => parsePrometheusTextFormat(await scrapeText(server));

const family = (families: ParsedFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the metrics (${families.map((f) => f.name).join(', ')})`);
  return found;
};

/** The value of the one sample whose labels include `labels`. */
const value = (families: ParsedFamily[], name: string, labels: Record<string, string> = {}) => {
  const sample = family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample?.value === undefined ? undefined : Number(sample.value);
};

describe.each(testDialects())('GET /metrics on %s', (dialect) => {
  const api = useTestServer(dialect, { env: { METRICS_TOKEN: TOKEN } });

  it('is a 404 without the token, with a wrong one, or with another scheme', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong-token-0123456789abc', `Basic ${TOKEN}`, TOKEN]) {
      const res = await fetch(`${api.server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  it('reports every series in Prometheus text format, routes by pattern', async () => {
    const writer = await signUp(api.server);
    const story = await postStory(writer.client, { public: true });
    expect((await writer.client.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await writer.client.get('/api/stories/no-such-story')).status).toBe(404);
    expect((await writer.client.get('/api/no/such/endpoint')).status).toBe(404);
    // Eleven "forgot password" requests from one address: the eleventh is over its limit.
    for (let i = 0; i < 11; i++) await api.server.client().post('/api/account/password/forgot', { email: `nobody${i}@example.com` });
    await sql`select * from no_such_table`.execute(api.server.ctx.db).catch(() => {});
    const stream = await openEventStream(writer.client);
    // A live event through the bus: a reaction records the story's counts on its topic.
    const watcher = await openEventStream(writer.client, undefined, { watch: `story:${story.id}` });
    const reader = await signUp(api.server);
    expect((await reader.client.send('PUT', `/api/stories/${story.id}/reactions/heart`)).status).toBeLessThan(300);
    await watcher.next('story.counts');
    // The sign-up emails leave through the queue: the counter moves once the SMTP server has
    // acknowledged one, which can be a moment after the test's mailbox has read it.
    await vi.waitFor(async () => expect(value(await scrape(api.server), 'drabble_emails_sent_total')).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 50 });

    const text = await scrapeText(api.server);
    const families = parsePrometheusTextFormat(text);
    const requests = family(families, 'drabble_http_requests_total').metrics;
    const routes = new Set(requests.map((m) => m.labels?.route));
    expect(routes).toContain('/api/stories/:id');
    expect(routes).toContain('/api/auth/*');
    expect(routes).toContain(UNMATCHED_ROUTE);
    // Never a raw path: no label holds the story's id.
    expect(requests.some((m) => m.labels?.route?.includes(story.id))).toBe(false);
    expect(value(families, 'drabble_http_requests_total', { route: '/api/stories/:id', method: 'GET', status: '404' })).toBe(1);
    const durations = family(families, 'drabble_http_request_duration_seconds');
    expect(durations.type).toBe('HISTOGRAM');
    expect(Object.keys(durations.metrics[0]?.buckets ?? {})).toContain('+Inf');
    // The parser folds a labelled histogram's series into one: the labels are read from the text.
    expect(text).toMatch(/^drabble_http_request_duration_seconds_count\{method="GET",route="\/api\/stories\/:id",status="200"\} [1-9]/m);

    expect(value(families, 'drabble_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(value(families, 'drabble_db_pool_max')).toBe(dialect === 'postgres' ? 10 : 1);
    expect(value(families, 'drabble_db_errors_total', { kind: 'other' })).toBeGreaterThanOrEqual(1);
    expect(value(families, 'drabble_live_streams_open')).toBe(2);
    expect(Number(family(families, 'drabble_live_event_delivery_lag_seconds').metrics[0]?.count)).toBeGreaterThanOrEqual(1);
    expect(value(families, 'drabble_emails_sent_total')).toBeGreaterThanOrEqual(1);
    expect(family(families, 'drabble_emails_failed_total').type).toBe('COUNTER');
    expect(value(families, 'drabble_email_queue', { measure: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(value(families, 'drabble_rate_limit_refusals_total', { limit: 'forgot:ip' })).toBe(1);
    expect(value(families, 'drabble_backup_last_run_timestamp_seconds')).toBe(0);
    // Node's own, from prom-client's defaults.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) family(families, name);

    stream.close();
    watcher.close();
  });

  it('counts the guest community pages answered ahead of the app like any other answer', async () => {
    const guestPage = () => fetch(`${api.server.url}/api/stories/community`, { headers: { 'accept-encoding': 'gzip' } });
    const writer = await signUp(api.server);
    // Over a kilobyte of JSON, so the page is kept gzipped and the early answer can give it.
    for (let i = 0; i < 4; i++) await postStory(writer.client, { public: true });
    expect((await guestPage()).status).toBe(200);
    const before = value(await scrape(api.server), 'drabble_http_requests_total', { route: '/api/stories/community', method: 'GET', status: '200' }) ?? 0;
    const answers = await Promise.all(Array.from({ length: 5 }, guestPage));
    expect(answers.map((res) => res.headers.get('content-encoding'))).toEqual(Array(5).fill('gzip'));
    expect(value(await scrape(api.server), 'drabble_http_requests_total', { route: '/api/stories/community', method: 'GET', status: '200' })).toBe(before + 5);
  });

  it('reports the last backup through the hook the backup feature registers', async () => {
    const lastRunAt = new Date('2030-01-02T03:04:05Z');
    api.server.ctx.metrics.registerBackupMetrics(async () => ({ lastRunAt, ok: false, lastSuccessAt: new Date('2030-01-01T03:04:05Z') }));
    const families = await scrape(api.server);
    expect(value(families, 'drabble_backup_last_run_timestamp_seconds')).toBe(lastRunAt.getTime() / 1000);
    expect(value(families, 'drabble_backup_last_run_ok')).toBe(0);
    expect(value(families, 'drabble_backup_last_success_timestamp_seconds')).toBe(Date.parse('2030-01-01T03:04:05Z') / 1000);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is a 404, even with a token', async () => {
    const server = await startTestServer('sqlite');
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
        const res = await fetch(`${server.url}/metrics`, { headers });
        expect(res.status).toBe(404);
      }
    } finally {
      await server.stop();
    }
  });
});
