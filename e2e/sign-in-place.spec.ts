import { expect, test } from './support/test';
import { E2E } from './support/env';
import { shootLooks } from './support/looks';
import { waitForMail } from './support/mail';
import { newPerson, signUpThroughApi } from './support/users';

// The "New sign-in" email names the address's approximate place, looked up offline
// in the data the production build (dist/server.js) finds in node_modules at run time.
const SHOTS = 'e2e/screenshots/sign-in-place';

test('a sign-in from a new address is emailed with its approximate place, credited to DB-IP', async ({ page, playwright }) => {
  const person = await signUpThroughApi(page, newPerson('placed', 'Pia Place'));
  // Another browser, at Portugal's research network (FCCN), as the site's reverse proxy reports it.
  const away = await playwright.request.newContext({ baseURL: E2E.baseUrl, extraHTTPHeaders: { origin: E2E.baseUrl, 'x-forwarded-for': '193.136.0.1' } });
  const signIn = await away.post('/api/auth/sign-in/email', { data: { email: person.email, password: person.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await away.dispose();

  const mail = await waitForMail(person.email, 'New sign-in to your Drabble account');
  expect(mail.text).toContain('Address: 193.136.0.1');
  expect(mail.text).toContain('Place: Portugal (approximate, from the address)');
  expect(mail.links).toContain('https://db-ip.com');

  // As a mail client shows it.
  await page.setContent(mail.html);
  await expect(page.getByText('Place: Portugal (approximate, from the address)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://db-ip.com' })).toHaveAttribute('href', 'https://db-ip.com');
  await shootLooks(page, SHOTS, 'new-sign-in-email', { fullPage: true });
});
