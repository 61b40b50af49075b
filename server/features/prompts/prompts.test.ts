import { describe, expect, it } from 'vitest';
import { promptInputSchema, todayPrompt, todayPromptResponseSchema, utcDayKey } from '@common/prompts/prompts';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';

describe.each(testDialects())('daily prompt on %s', (dialect) => {
  const api = useTestServer(dialect);

  it('answers today’s UTC prompt, to guests too', async () => {
    const before = new Date();
    const res = await api.server.client().get('/api/prompts/today');
    expect(res.status).toBe(200);
    const body = todayPromptResponseSchema.parse(res.body);
    // Around midnight the day may turn between the two clocks: accept either side.
    const after = new Date();
    expect([utcDayKey(before), utcDayKey(after)]).toContain(body.date);
    expect([todayPrompt(before), todayPrompt(after)]).toContainEqual(body.prompt);
    expect(promptInputSchema.safeParse(body.prompt).success).toBe(true);
  });
});
