import { expect, type Page } from '@playwright/test';

export interface LoggedEvent {
  type: string;
  action?: string;
  resource?: string;
  level?: string;
  message?: string;
  stack?: string;
  details?: Record<string, unknown>;
}

function loggedEventOf(body: string | null): LoggedEvent | null {
  try {
    return body ? (JSON.parse(body) as LoggedEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Resolves with the next event of this type the page sends to POST /api/logs, once the
 * server has accepted it (204). Start waiting before the action that logs it.
 */
export async function nextLoggedEvent(page: Page, type: string): Promise<LoggedEvent> {
  const response = await page.waitForResponse(
    (res) => res.url().endsWith('/api/logs') && res.request().method() === 'POST' && loggedEventOf(res.request().postData())?.type === type,
  );
  expect(response.status(), `POST /api/logs for ${type}`).toBe(204);
  return loggedEventOf(response.request().postData()) as LoggedEvent;
}
