import { Hono } from 'hono';
import { todayPrompt, utcDayKey, type TodayPromptResponse } from '@common/prompts';
import type { AppEnv } from '../../context';

/** GET /api/prompts/today: everyone's prompt for the current UTC day. Open to guests. */
export function promptRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/today', (c) => {
    const now = new Date();
    return c.json({ date: utcDayKey(now), prompt: todayPrompt(now) } satisfies TodayPromptResponse);
  });
  return app;
}
