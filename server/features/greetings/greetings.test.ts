import { describe, expect, it } from 'vitest';
import { compareGreetings, formatGreeting, greetingListResponseSchema, greetingResponseSchema, todayGreetingResponseSchema, type Greeting } from '@common/greetings/greetings';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { openEventStream } from '../../test/sse';
import type { ErrorBody } from '../stories/test-support';
import { todaysGreeting } from './service';
import { addGreeting, adminLogsOf, storedGreetings } from './test-support';

const DAY = 86_400_000;

describe.each(testDialects())('greetings on %s', (dialect) => {
  const api = useTestServer(dialect, { people: { admin: { admin: true }, writer: { name: 'Ada Lovelace' } } });

  const list = async () => greetingListResponseSchema.parse((await api.admin.client.get('/api/admin/greetings')).body).greetings;
  const today = async (client = api.writer.client) => todayGreetingResponseSchema.parse((await client.get('/api/greetings/today')).body).greeting;

  it('refuses every admin route to guests (401) and writers (403) before looking at the request, and changes nothing', async () => {
    const before = await storedGreetings(api.server);
    const [some] = await list();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/greetings'],
      ['POST', '/api/admin/greetings', { text: 'Sneaky' }],
      ['PATCH', `/api/admin/greetings/${some!.id}`, { enabled: false }],
      ['DELETE', `/api/admin/greetings/${some!.id}`],
      ['POST', '/api/admin/greetings/enable-all', {}],
      ['POST', '/api/admin/greetings/disable-all', {}],
      ['POST', '/api/admin/greetings/import/preview', { csv: 'text,punctuation,enabled\nSneaky,!,true' }],
      ['POST', '/api/admin/greetings/import', { csv: 'text,punctuation,enabled\nSneaky,!,true' }],
      ['POST', '/api/admin/greetings/import', 'not even json'],
      ['GET', '/api/admin/greetings/export'],
    ];
    for (const [method, path, body] of routes) {
      const guest = await api.server.client().send<ErrorBody>(method, path, body);
      expect([method, path, guest.status, guest.body.error.code]).toEqual([method, path, 401, 'unauthenticated']);
      const refused = await api.writer.client.send<ErrorBody>(method, path, body);
      expect([method, path, refused.status, refused.body.error]).toEqual([method, path, 403, { code: 'forbidden', message: 'Admins only.' }]);
    }
    expect((await api.server.client().get<ErrorBody>('/api/greetings/today')).status).toBe(401);
    expect(await storedGreetings(api.server)).toEqual(before);
    expect(await api.server.ctx.db.selectFrom('adminLogs').select('id').execute()).toEqual([]);
  });

  it('ships at least 12 starter greetings, enabled, listed by text', async () => {
    const greetings = await list();
    expect(greetings.length).toBeGreaterThanOrEqual(12);
    expect(greetings.every((g) => g.enabled)).toBe(true);
    expect(greetings).toEqual([...greetings].sort(compareGreetings));
    expect(greetings.map((g) => `${g.text}${g.punctuation}`)).toContain('Welcome back!');
  });

  it('adds a greeting trimmed and enabled, with ! by default, and logs it', async () => {
    const stream = await openEventStream(api.admin.client);
    const added = await addGreeting(api.admin.client, '  Salutations, wordsmith  ');
    expect(added).toMatchObject({ text: 'Salutations, wordsmith', punctuation: '!', enabled: true });
    const asked = await addGreeting(api.admin.client, 'Salutations, wordsmith', '?');
    expect(asked.punctuation).toBe('?');
    expect((await list()).filter((g) => g.text === 'Salutations, wordsmith').map((g) => g.punctuation)).toEqual(['!', '?']);
    await stream.next('greetings.changed');
    stream.close();

    const logs = await adminLogsOf(api.server, 'greeting_created');
    expect(logs.map((l) => [l.target, l.details])).toEqual([
      [`greetings/${added.id}`, { greeting: 'Salutations, wordsmith!' }],
      [`greetings/${asked.id}`, { greeting: 'Salutations, wordsmith?' }],
    ]);
    expect(logs[0]?.user?.uid).toBe(api.admin.uid);
  });

  it('refuses empty, long, multi-line, unknown-punctuation and duplicate greetings with a clear message', async () => {
    const before = await storedGreetings(api.server);
    const cases: Array<[unknown, number, string]> = [
      [{ text: '   ' }, 400, 'text: Please enter a greeting.'],
      [{}, 400, 'text: Please enter a greeting.'],
      [{ text: 'x'.repeat(101) }, 400, 'text: Please keep a greeting to 100 characters or fewer.'],
      [{ text: 'Two\nlines' }, 400, 'text: A greeting must fit on one line.'],
      [{ text: 'Nul\u0000' }, 400, 'text: Greeting contains characters that are not allowed.'],
      [{ text: 'Hi', punctuation: ';' }, 400, 'punctuation: Punctuation must be one of ! ? .'],
      [{ text: 'Welcome back', punctuation: '!' }, 409, 'That greeting already exists.'],
      [{ text: ' Welcome back ' }, 409, 'That greeting already exists.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.admin.client.post<ErrorBody>('/api/admin/greetings', body);
      expect([JSON.stringify(body), res.status, res.body.error.message]).toEqual([JSON.stringify(body), status, message]);
    }
    const notJson = await api.admin.client.raw('POST', '/api/admin/greetings', { body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await storedGreetings(api.server)).toEqual(before);
  });

  it('edits text and punctuation, toggles enabled, and refuses a clash, an unknown id and an empty change', async () => {
    const greeting = await addGreeting(api.admin.client, 'Edit me');
    const patch = (id: string, body: unknown) => api.admin.client.patch<ErrorBody>(`/api/admin/greetings/${id}`, body);

    const edited = await patch(greeting.id, { text: ' Edited ', punctuation: '.' });
    expect(edited.status).toBe(200);
    expect(greetingResponseSchema.parse(edited.body).greeting).toEqual({ ...greeting, text: 'Edited', punctuation: '.' });
    const off = greetingResponseSchema.parse((await patch(greeting.id, { enabled: false })).body).greeting;
    expect(off.enabled).toBe(false);
    expect((await list()).find((g) => g.id === greeting.id)).toEqual(off);

    const clash = await patch(greeting.id, { text: 'Welcome back', punctuation: '!' });
    expect([clash.status, clash.body.error.message]).toEqual([409, 'That greeting already exists.']);
    // Its own text and punctuation are no clash.
    expect((await patch(greeting.id, { text: 'Edited', punctuation: '.', enabled: true })).status).toBe(200);
    for (const id of ['missing000000000000', 'not%20an%20id', 'x'.repeat(65)]) {
      const res = await patch(id, { enabled: true });
      expect([id, res.status, res.body.error.message]).toEqual([id, 404, 'Greeting not found']);
    }
    const empty = await patch(greeting.id, {});
    expect([empty.status, empty.body.error.message]).toEqual([400, 'Nothing to update.']);
    expect((await patch(greeting.id, { enabled: 'yes' })).status).toBe(400);
    expect((await patch(greeting.id, { text: '' })).status).toBe(400);

    const logs = await adminLogsOf(api.server, 'greeting_updated');
    expect(logs.map((l) => l.details)).toEqual([
      { greeting: 'Edit me!', to: 'Edited.' },
      { greeting: 'Edited.', enabled: false },
      { greeting: 'Edited.', enabled: true },
    ]);
  });

  it('deletes a greeting once, and logs it by its label', async () => {
    const greeting = await addGreeting(api.admin.client, 'Short-lived');
    const res = await api.admin.client.delete(`/api/admin/greetings/${greeting.id}`);
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);
    expect((await list()).some((g) => g.id === greeting.id)).toBe(false);
    const again = await api.admin.client.delete<ErrorBody>(`/api/admin/greetings/${greeting.id}`);
    expect([again.status, again.body.error.message]).toEqual([404, 'Greeting not found']);
    expect((await adminLogsOf(api.server, 'greeting_deleted')).map((l) => [l.target, l.details])).toEqual([[`greetings/${greeting.id}`, { greeting: 'Short-lived!' }]]);
  });

  it('disables and enables every greeting, one batch each, counting only those that changed', async () => {
    const [first] = await list();
    await api.admin.client.patch(`/api/admin/greetings/${first!.id}`, { enabled: false });
    const total = (await list()).length;

    const disabled = await api.admin.client.post('/api/admin/greetings/disable-all', {});
    expect(disabled.body).toEqual({ changed: total - 1 });
    expect((await list()).every((g) => !g.enabled)).toBe(true);
    expect((await api.admin.client.post('/api/admin/greetings/disable-all', {})).body).toEqual({ changed: 0 });

    const enabled = await api.admin.client.post('/api/admin/greetings/enable-all', {});
    expect(enabled.body).toEqual({ changed: total });
    expect((await list()).every((g) => g.enabled)).toBe(true);

    expect((await adminLogsOf(api.server, 'greetings_disabled_all')).map((l) => l.details)).toEqual([{ changed: total - 1 }]);
    expect((await adminLogsOf(api.server, 'greetings_enabled_all')).map((l) => l.details)).toEqual([{ changed: total }]);
  });

  it('greets a signed-in writer with an enabled greeting, the same all day and another the next day', async () => {
    const now = new Date();
    const served = await today();
    expect(served).toEqual(await todaysGreeting(api.server.ctx, now));
    expect((await list()).some((g) => g.enabled && g.text === served?.text && g.punctuation === served.punctuation)).toBe(true);
    expect(formatGreeting(served, 'Ada')).toMatch(/^.+, Ada[!?.]$/);
    // An admin is a writer too.
    expect(await today(api.admin.client)).toEqual(served);

    const midnight = Date.UTC(2030, 0, 1);
    const days = await Promise.all([0, 1, 2].map((n) => todaysGreeting(api.server.ctx, new Date(midnight + n * DAY))));
    expect(new Set(days.map((g) => `${g?.text}${g?.punctuation}`)).size).toBe(3);
    expect(await todaysGreeting(api.server.ctx, new Date(midnight + DAY - 1))).toEqual(days[0]);
  });

  it('gives only enabled greetings, and none when every greeting is disabled', async () => {
    await api.admin.client.post('/api/admin/greetings/disable-all', {});
    const only = await addGreeting(api.admin.client, 'The only one', '?');
    for (let n = 0; n < 3; n++) {
      expect(await todaysGreeting(api.server.ctx, new Date(Date.UTC(2030, 5, 1) + n * DAY))).toEqual({ text: 'The only one', punctuation: '?' });
    }
    await api.admin.client.patch(`/api/admin/greetings/${only.id}`, { enabled: false });
    expect(await today()).toBeNull();
    await api.admin.client.post('/api/admin/greetings/enable-all', {});
    expect(await today()).not.toBeNull();
  });

  it('keeps text+punctuation unique when admins add the same greeting at once', async () => {
    const add = (punctuation: string) => api.admin.client.post<ErrorBody | { greeting: Greeting }>('/api/admin/greetings', { text: 'Everyone at once', punctuation });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => add(i % 2 ? '!' : '?')));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(2).fill(201), ...Array(10).fill(409)]);
    const refusals = results.filter((r) => r.status === 409).map((r) => (r.body as ErrorBody).error.message);
    expect(new Set(refusals)).toEqual(new Set(['That greeting already exists.']));
    expect((await list()).filter((g) => g.text === 'Everyone at once')).toHaveLength(2);
  });
});
