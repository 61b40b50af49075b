import crypto from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E } from './env';
import { skipTutorial } from './tutorial';

export interface TestPerson {
  email: string;
  password: string;
  name: string;
}

export interface SignUpOptions {
  /** The tutorial opens by itself on a first visit; tests skip it unless they are about it. Default true. */
  skipTutorial?: boolean;
}

export function newPerson(prefix = 'writer', name = 'Test Writer'): TestPerson {
  return { email: `${prefix}.${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'correct horse 1', name };
}

/** Signs up through the login screen, as a person would. */
export async function signUpThroughUi(page: Page, person: TestPerson = newPerson(), options: SignUpOptions = {}): Promise<TestPerson> {
  if (options.skipTutorial ?? true) await skipTutorial(page);
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Display name (optional)').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return person;
}

/** Signs up through the API (fast set-up for tests about something else); the page shares the session. */
export async function signUpThroughApi(page: Page, person: TestPerson = newPerson(), options: SignUpOptions = {}): Promise<TestPerson> {
  if (options.skipTutorial ?? true) await skipTutorial(page);
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: person.email, password: person.password, name: person.name },
    headers: { origin: E2E.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
  return person;
}

/** A writer in a browser context of their own, signed up through the API, with a name no other test uses. */
export interface ContextWriter {
  page: Page;
  uid: string;
  name: string;
}

export async function writerInOwnContext(browser: Browser, first: string): Promise<ContextWriter> {
  const page = await (await browser.newContext()).newPage();
  await skipTutorial(page);
  const name = `${first} ${crypto.randomBytes(3).toString('hex')}`;
  const person = newPerson(first.toLowerCase(), name);
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email: person.email, password: person.password, name }, headers: { origin: E2E.baseUrl } });
  expect(res.status(), await res.text()).toBe(200);
  return { page, uid: ((await res.json()) as { user: { id: string } }).user.id, name };
}
