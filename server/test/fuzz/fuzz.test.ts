import { zipSync } from 'fflate';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@common/shared/api';
import { JSON_BODY_LIMIT_BYTES } from '@common/shared/limits';
import { DATABASE_REFUSALS } from '../../http/errors';
import { testDialects } from '../databases';
import { startMockOidc } from '../oidc';
import { useTestServer } from '../api-fixture';
import { ADMIN_EMAIL, signUp, signUpVerified, type SignedUp, type TestServer } from '../server';
import { pngClaiming, pngOf } from '../images';
import { Random } from './random';
import { ROUTES, type Pool } from './routes';
import { buildRequest, describeRequest, type FuzzRequest, type UploadFiles } from './requests';
import { hostileString, headerValue } from './values';

/**
 * The API under a seeded run of hostile requests (values.ts, requests.ts) across every
 * route (routes.ts), signed out, signed in as writers and as the admin, on each database.
 * No answer may be a 5xx or a dropped connection, every 400 has the API's error shape, and
 * the server still answers afterwards.
 *
 * FUZZ_SEED picks the run (default: a fixed seed, so CI is repeatable); FUZZ_REQUESTS its
 * length (default: eight requests per route, the set `npm test` runs; `npm run fuzz` sends
 * 24,000 per database); FUZZ_ONLY=12,345 replays single requests of a seed; FUZZ_REPORT=file
 * writes a summary of the answers per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? ROUTES.length * 8);
/**
 * Requests of each route that must reach its handler (not a 429, not refused for their origin):
 * six in a long run, half of each route's share in a short one (four of eight).
 */
const REACHED_PER_ROUTE = Math.min(6, Math.ceil(REQUESTS / ROUTES.length / 2));
const ONLY = process.env.FUZZ_ONLY?.split(',').map(Number);
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 20_000;

interface Outcome {
  req: FuzzRequest;
  status: number | null;
  ms: number;
  error?: string;
  response?: string;
}

interface Personas {
  admin: string;
  users: string[];
  throwaway: { email: string; password: string };
}

/** Stories (public and private), comments and favourites of the personas, for the requests to name. */
async function makePool(server: TestServer, clients: SignedUp[]): Promise<Pool> {
  const pool: Pool = {
    storyIds: [],
    commentIds: [],
    uids: clients.map((c) => c.uid),
    emails: clients.map((c) => c.email),
    featureRequestIds: [],
    conversationIds: [],
    messageIds: [],
    notificationIds: [],
    greetingIds: [],
    victimUids: [],
    caseIds: [],
    versionIds: [],
  };
  for (const [n, { client }] of clients.entries()) {
    for (let i = 0; i < 4; i++) {
      const res = await client.post<{ story: { id: string } }>('/api/stories', { title: `Story ${n}.${i}`, content: 'A ghost story, short.', public: i % 2 === 0 });
      if (res.status !== 201) throw new Error(`setup: story ${res.status} ${JSON.stringify(res.body)}`);
      pool.storyIds.push(res.body.story.id);
    }
  }
  // Each persona edits its first story once, which keeps the first text as a version.
  for (const [n, { client }] of clients.entries()) {
    const storyId = pool.storyIds[n * 4]!;
    const edit = await client.patch(`/api/stories/${storyId}`, { content: 'A ghost story, shorter still.' });
    if (edit.status !== 200) throw new Error(`setup: edit ${edit.status} ${JSON.stringify(edit.body)}`);
    const versions = await client.get<{ versions: Array<{ id: string }> }>(`/api/stories/${storyId}/versions`);
    if (versions.status !== 200 || versions.body.versions.length !== 1) throw new Error(`setup: versions ${versions.status} ${JSON.stringify(versions.body)}`);
    pool.versionIds.push(versions.body.versions[0]!.id);
  }
  const publicStory = pool.storyIds[0]!;
  for (const { client } of clients) {
    const res = await client.post<{ comment: { id: string } }>(`/api/stories/${publicStory}/comments`, { text: 'Lovely.' });
    if (res.status !== 201) throw new Error(`setup: comment ${res.status} ${JSON.stringify(res.body)}`);
    pool.commentIds.push(res.body.comment.id);
    await client.send('PUT', `/api/favorites/${publicStory}`);
  }
  // clients[0] is the admin: each writer suggests a feature and the admin answers, which opens a conversation.
  const admin = clients[0]!.client;
  for (const { client } of clients.slice(1)) {
    const res = await client.post<{ featureRequest: { id: string } }>('/api/feature-requests', { text: 'Dark mode, please.' });
    if (res.status !== 201) throw new Error(`setup: feature request ${res.status} ${JSON.stringify(res.body)}`);
    pool.featureRequestIds.push(res.body.featureRequest.id);
    const answer = await admin.post<{ featureRequest: { conversationId: string | null } }>(
      `/api/admin/feature-requests/${res.body.featureRequest.id}/responses`,
      { text: 'On it.' },
    );
    const conversationId = answer.body.featureRequest.conversationId;
    if (answer.status !== 201 || !conversationId) throw new Error(`setup: response ${answer.status} ${JSON.stringify(answer.body)}`);
    pool.conversationIds.push(conversationId);
  }
  // Direct messages: the writers are a day old (new accounts cannot start conversations) and take messages from everyone.
  await server.ctx.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(), whoCanMessage: 'everyone' })
    .where('uid', 'in', clients.map((c) => c.uid))
    .execute();
  for (const [n, { client }] of clients.entries()) {
    const to = clients[(n + 1) % clients.length]!.uid;
    const res = await client.post<{ conversation: { id: string }; message: { id: string } }>('/api/conversations', { to, text: `Hello from ${n}.` });
    if (res.status !== 201) throw new Error(`setup: direct message ${res.status} ${JSON.stringify(res.body)}`);
    pool.conversationIds.push(res.body.conversation.id);
    pool.messageIds.push(res.body.message.id);
  }
  for (const { client } of clients) {
    const res = await client.get<{ notifications: Array<{ id: string }> }>('/api/notifications');
    pool.notificationIds.push(...res.body.notifications.map((n) => n.id));
  }
  if (pool.notificationIds.length === 0) throw new Error('setup: the comments and favourites made no notifications');
  const greetings = await admin.get<{ greetings: Array<{ id: string }> }>('/api/admin/greetings');
  pool.greetingIds.push(...greetings.body.greetings.map((g) => g.id));
  // Moderators act on the victims only (a persona suspended mid-run would end the check after it):
  // each writes a public story, which the writers report.
  for (let n = 0; n < 3; n++) {
    const victim = await signUp(server, { name: `Victim ${n}` });
    pool.victimUids.push(victim.uid);
    const story = await victim.client.post<{ story: { id: string } }>('/api/stories', { title: `Victim story ${n}`, content: 'Buy my pills.', public: true });
    if (story.status !== 201) throw new Error(`setup: victim story ${story.status} ${JSON.stringify(story.body)}`);
    for (const { client } of clients.slice(1)) {
      const report = await client.post('/api/reports', { targetType: 'story', targetId: story.body.story.id, category: 'spam' });
      if (report.status !== 201) throw new Error(`setup: report ${report.status} ${JSON.stringify(report.body)}`);
    }
  }
  const cases = await admin.get<{ items: Array<{ id: string }> }>('/api/admin/reports');
  pool.caseIds.push(...cases.body.items.map((c) => c.id));
  if (pool.caseIds.length !== 3) throw new Error(`setup: ${pool.caseIds.length} moderation cases, not 3`);
  return pool;
}

async function uploadFiles(): Promise<UploadFiles> {
  const png = new Uint8Array(await pngOf(16, 16));
  const r = new Random(SEED, -1);
  return {
    files: [
      png,
      png.slice(0, png.length >> 1),
      new Uint8Array(pngClaiming(100_000, 100_000)),
      Uint8Array.from({ length: 2048 }, () => r.int(0, 255)),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      new TextEncoder().encode('GIF89a\u0000\u0000'),
      new Uint8Array(0),
      new TextEncoder().encode('{"not":"an image"}'),
      // For the story import: a drabble with front matter, and a zip holding one.
      new TextEncoder().encode('---\ntitle: "Fuzzed"\n---\nThe ghost wrote back.\n'),
      new Uint8Array(zipSync({ 'stories/2026-01-01-ghost.md': new TextEncoder().encode('# Ghost\n\nBoo.') })),
    ],
  };
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/**
 * A request may meet a keep-alive connection the server closed a moment before (fetch's pool
 * and Node's 5 s keep-alive timeout race): fetch then fails with "other side closed" before the
 * server saw anything. Such a request is sent once more; a server that hangs up on a request
 * hangs up on it again, and is reported.
 */
async function send(server: TestServer, personas: Personas, req: FuzzRequest): Promise<Outcome> {
  const first = await sendOnce(server, personas, req);
  return first.status === null && /other side closed|ECONNRESET/.test(first.error ?? '') ? sendOnce(server, personas, req) : first;
}

async function sendOnce(server: TestServer, personas: Personas, req: FuzzRequest): Promise<Outcome> {
  const headers = { ...req.headers };
  if (headers.origin === 'self') headers.origin = server.config.publicUrl;
  const r = new Random(SEED, req.index + 1_000_000);
  if (req.persona === 'user') headers.cookie = personas.users[req.personaIndex % personas.users.length]!;
  if (req.persona === 'admin') headers.cookie = personas.admin;
  if (req.persona === 'junk-cookie') headers.cookie = `drabble.session_token=${headerValue(hostileString(r)).replace(/;/g, '')}`;
  if (req.persona === 'throwaway') {
    // A fresh session of its own, so ending it costs the run nothing.
    const signIn = await fetch(new URL('/api/auth/sign-in/email', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.config.publicUrl, 'x-forwarded-for': `10.9.${r.int(0, 255)}.${r.int(1, 254)}` },
      body: JSON.stringify(personas.throwaway),
    });
    await signIn.arrayBuffer();
    headers.cookie = cookiesOf(signIn);
  }
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(new URL(req.url, server.url), {
      method: req.method,
      headers,
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (req.route.stream && res.ok) {
      await res.body?.cancel();
      return { req, status: res.status, ms: ms() };
    }
    const response = await res.text();
    return { req, status: res.status, ms: ms(), response };
  } catch (err) {
    return { req, status: null, ms: ms(), error: err instanceof Error ? `${err.name}: ${err.message}${err.cause ? ` (${String(err.cause)})` : ''}` : String(err) };
  }
}

/** What is wrong with an answer, or null when it is fine. */
function problemWith(outcome: Outcome): string | null {
  const { req, status, error, response } = outcome;
  const bodySize = typeof req.body === 'string' ? Buffer.byteLength(req.body) : (req.body?.length ?? 0);
  if (status === null) {
    // A server may hang up on a body over the limit before reading it all; on nothing else.
    return bodySize > JSON_BODY_LIMIT_BYTES ? null : `no answer: ${error}`;
  }
  if (status >= 500) return `${status}: ${response?.slice(0, 300)}`;
  // The database's refusal is a safety net: validation should have answered first.
  const refusal = Object.values(DATABASE_REFUSALS).find((message) => response?.includes(message));
  if (refusal) return `${status} from the database, not validation: ${refusal}`;
  // better-auth's own 500 (its handler threw), which the auth routes answer as a 400.
  if (response?.includes('Internal Server Error')) return `${status} for a failure inside better-auth: ${response.slice(0, 300)}`;
  if (status === 400 && req.method !== 'HEAD') {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(response ?? '');
    } catch {
      // reported below
    }
    if (!apiErrorSchema.safeParse(parsed).success) return `400 without the API error shape: ${response?.slice(0, 300)}`;
  }
  return null;
}

function report(dialect: string, failures: Array<{ outcome: Outcome; problem: string }>): string {
  const lines = failures.slice(0, 40).map(({ outcome, problem }) => `${describeRequest(outcome.req)}\n  => ${problem}`);
  const indices = failures.map((f) => f.outcome.req.index).join(',');
  return [
    `${failures.length} bad answers on ${dialect}, seed ${SEED}. Replay with FUZZ_SEED=${SEED} FUZZ_ONLY=${indices.slice(0, 400)}`,
    ...lines,
  ].join('\n\n');
}

describe.each(testDialects())('fuzzing every route on %s', (dialect) => {
  let oidc: Awaited<ReturnType<typeof startMockOidc>>;
  let personas: Personas;
  let pool: Pool;
  let files: UploadFiles;

  beforeAll(async () => {
    oidc = await startMockOidc();
  }, 60_000);
  afterAll(async () => {
    await oidc?.stop();
  });
  const api = useTestServer(dialect, {
    env: () => ({
      // Spread the per-address limits over many made-up addresses, and allow many sign-ups,
      // so most requests reach the handlers instead of a 429.
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      SIGNUP_RATE_LIMIT: '1000000',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    }),
  });
  beforeAll(async () => {
    const admin = await signUpVerified(api.server, { email: ADMIN_EMAIL });
    const users = [await signUp(api.server), await signUp(api.server), await signUp(api.server)];
    const throwaway = await signUp(api.server);
    personas = {
      admin: admin.client.cookieHeader,
      users: users.map((u) => u.client.cookieHeader),
      throwaway: { email: throwaway.email, password: throwaway.password },
    };
    pool = await makePool(api.server, [admin, ...users]);
    files = await uploadFiles();
  }, 60_000);

  it(`answers ${REQUESTS} hostile requests without a 5xx, and keeps serving`, async () => {
    const indices = ONLY ?? Array.from({ length: REQUESTS }, (_, i) => i);
    const outcomes: Outcome[] = [];
    let next = 0;
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    const worker = async () => {
      while (next < indices.length) {
        const index = indices[next++]!;
        const r = new Random(SEED, index);
        // Each route in turn, so each gets its share of the run whatever their number (a seeded
        // pick left one route five requests, too few to reach its handler, when another was added).
        const route = ROUTES[index % ROUTES.length]!;
        outcomes.push(await send(api.server, personas, buildRequest(index, r, route, pool, files)));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    loop.disable();
    const longestStallMs = Math.round(loop.max / 1e6);

    const failures = outcomes.flatMap((outcome) => {
      const problem = problemWith(outcome);
      return problem ? [{ outcome, problem }] : [];
    });
    const summary = summarize(outcomes);
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, `${dialect}, longest event-loop stall ${longestStallMs} ms\n${summary.text}\n\n${report(dialect, failures)}\n`, { flag: 'a' });
    expect(failures.length, report(dialect, failures)).toBe(0);

    // Enough of the run reached the handlers: rate limits and the origin check did not eat it.
    if (!ONLY) {
      expect(summary.reached / outcomes.length, summary.text).toBeGreaterThan(0.75);
      for (const route of ROUTES.filter((r) => !r.daily)) {
        expect(summary.reachedByRoute.get(`${route.method} ${route.path}`) ?? 0, `${route.method} ${route.path}\n${summary.text}`).toBeGreaterThanOrEqual(REACHED_PER_ROUTE);
      }
    }

    // Still alive, the database still usable, the personas' sessions intact.
    const health = await api.server.client().get('/api/health');
    expect(health.status).toBe(200);
    const me = await fetch(new URL('/api/me', api.server.url), { headers: { cookie: personas.admin } });
    expect(me.status).toBe(200);
    const story = await fetch(new URL('/api/stories', api.server.url), {
      method: 'POST',
      headers: { cookie: personas.users[0]!, origin: api.server.config.publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'After the storm', content: 'Still here.' }),
    });
    expect(story.status).toBe(201);
  }, 180_000);
});

/** Answers per route: how many reached a handler (not 429, not refused for its origin) and the status counts. */
function summarize(outcomes: Outcome[]) {
  const byRoute = new Map<string, Map<string, number>>();
  const reachedByRoute = new Map<string, number>();
  let reached = 0;
  for (const { req, status } of outcomes) {
    const key = `${req.route.method} ${req.route.path}`;
    const counts = byRoute.get(key) ?? new Map<string, number>();
    counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
    byRoute.set(key, counts);
    const blocked = status === 429 || (status === 403 && req.headers.origin !== 'self' && req.headers.origin !== undefined);
    if (!blocked) {
      reached += 1;
      reachedByRoute.set(key, (reachedByRoute.get(key) ?? 0) + 1);
    }
  }
  const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 8);
  const text = [...byRoute]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, counts]) => `${route.padEnd(52)} ${[...counts].sort().map(([s, n]) => `${s}×${n}`).join(' ')}`)
    .join('\n')
    .concat('\n\nslowest:\n', slowest.map((o) => `${o.ms} ms ${describeRequest(o.req)}`).join('\n'));
  return { reached, reachedByRoute, text };
}
