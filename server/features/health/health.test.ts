import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { startTestServer } from '../../test/server';

describe.each(testDialects())('GET /api/health on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('answers 200 while the database is reachable', async () => {
    const res = await api.server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: dialect });
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503', async () => {
    const server = await startTestServer('sqlite');
    await server.ctx.db.destroy();
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body).toEqual({ error: { code: 'unavailable', message: 'The database is unreachable.' } });
    await server.stop().catch(() => {});
  });
});
