import type { Page } from '@playwright/test';
import { TUTORIAL_SHOWN_STORAGE_KEY } from '../../web/app/tutorial/tutorial-storage';

/**
 * Marks the tutorial as already shown in every page of this page's context, before any of
 * their scripts run, so it does not open by itself over a test about something else.
 */
export async function skipTutorial(page: Page): Promise<void> {
  await page.context().addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'true');
    } catch {
      // about:blank and opaque origins have no storage; nothing opens a tutorial there.
    }
  }, TUTORIAL_SHOWN_STORAGE_KEY);
}
