import { expect, type Page } from '@playwright/test';
import { E2E } from './env';
import { waitForMail } from './mail';
import { skipTutorial } from './tutorial';

// Not 'owner password': it holds the address's local part, which the password rules refuse.
export const ADMIN_PASSWORD = 'keeper of the drabbles';
const headers = { origin: E2E.baseUrl };

async function isAdmin(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/me');
  if (!res.ok()) return false;
  const body = (await res.json()) as { user?: { admin?: boolean } };
  return body.user?.admin === true;
}

/**
 * Signs the page in as the owner (ADMIN_EMAIL), who is an admin once the address is
 * verified. Any test may call it, in any order and in parallel workers: the first signs the
 * owner up and opens the emailed link; the others sign in and wait for the admin flag.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  await skipTutorial(page);
  const credentials = { email: E2E.adminEmail, password: ADMIN_PASSWORD };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...credentials, name: 'The Owner' }, headers });
  if (signUp.status() !== 200) {
    const signIn = await page.request.post('/api/auth/sign-in/email', { data: credentials, headers });
    expect(signIn.status(), await signIn.text()).toBe(200);
  }
  if (await isAdmin(page)) return;
  const mail = await waitForMail(E2E.adminEmail, 'Verify your email address for Drabble', 15_000);
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname === '/verify-email');
  const token = link?.searchParams.get('token');
  if (token) await page.request.post('/api/account/verify-email', { data: { token }, headers });
  // Another worker may have used the (single-use) link first: either way the flag arrives.
  await expect.poll(() => isAdmin(page), { timeout: 15_000 }).toBe(true);
}
