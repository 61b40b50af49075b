import { beforeAll, describe, expect, it } from 'vitest';
import { postStory } from '../features/stories/test-support';
import { useTestServer } from '../test/api-fixture';
import { signUp } from '../test/server';

// One database is enough: compression is HTTP middleware, the same whatever stores the data.
describe('compressed delivery of the API', () => {
  const api = useTestServer('sqlite');
  beforeAll(async () => {
    const writer = await signUp(api.server);
    for (let i = 0; i < 12; i++) await postStory(writer.client, { public: true, title: `Story ${i}` });
  });

  it('gzips a JSON answer over a kilobyte for a client that accepts it, and leaves it plain otherwise', async () => {
    const url = `${api.server.url}/api/stories/community`;
    const zipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const body = (await zipped.json()) as { stories: unknown[] };
    expect(body.stories.length).toBe(12);
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses the live-event stream', async () => {
    const writer = await signUp(api.server);
    const controller = new AbortController();
    const res = await fetch(`${api.server.url}/api/events`, { headers: { cookie: writer.client.cookieHeader, 'accept-encoding': 'gzip, br' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    controller.abort();
  });
});
