import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptInputSchema, todayPrompt, todayPromptResponseSchema, utcDayKey } from '@common/prompts/prompts';
import { testDialects } from '../../test/databases';
import { startTestServer, type TestServer } from '../../test/server';

describe.each(testDialects())('daily prompt on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers today’s UTC prompt, to guests too', async () => {
    const before = new Date();
    const res = await server.client().get('/api/prompts/today');
    expect(res.status).toBe(200);
    const body = todayPromptResponseSchema.parse(res.body);
    // Around midnight the day may turn between the two clocks: accept either side.
    const after = new Date();
    expect([utcDayKey(before), utcDayKey(after)]).toContain(body.date);
    expect([todayPrompt(before), todayPrompt(after)]).toContainEqual(body.prompt);
    expect(promptInputSchema.safeParse(body.prompt).success).toBe(true);
  });
});
