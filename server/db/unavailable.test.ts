import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/api-fixture';
import { signUp } from '../test/server';
import { postStory } from '../features/stories/test-support';
import { buildStoryInput } from '../features/stories/test-support-builders';

describe('a SQLite database locked by another process', () => {
  const api = useTestServer('sqlite');

  it('answers a write 503 with Retry-After once busy_timeout has passed, and serves again once the lock is gone', async () => {
    const writer = await signUp(api.server);
    // Another process (a command-line tool, say) holds the write lock.
    const other = new SqliteDatabase(path.join(api.server.database.dataDir, 'drabble.sqlite'));
    try {
      other.exec('begin immediate');
      const refused = await writer.client.post<{ error: { code: string } }>('/api/stories', buildStoryInput({}));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.error.code).toBe('unavailable');
      other.exec('rollback');
    } finally {
      other.close();
    }
    await postStory(writer.client);
  });
});
