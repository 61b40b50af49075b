import { expect, test, type Page } from './support/test';
import { MESSAGE_TEXTS, startConversationResponseSchema } from '../common/messages/messages';
import { ageAccount } from './support/db';
import { E2E } from './support/env';
import { shootLooks, shot } from './support/looks';
import { writerInOwnContext, type ContextWriter } from './support/users';
import { expectNoAxeViolations } from './support/axe';

const headers = { origin: E2E.baseUrl };
const SHOTS = 'e2e/screenshots/messages';

/** Each follows the other: friends, who may message each other by default. */
async function befriend(a: ContextWriter, b: ContextWriter): Promise<void> {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const res = await from.page.request.post(`/api/follows/${to.uid}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The first message through the API (set-up for tests about the thread). */
async function startConversation(from: ContextWriter, to: ContextWriter, text: string): Promise<string> {
  const res = await from.page.request.post('/api/conversations', { data: { to: to.uid, text }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return startConversationResponseSchema.parse(await res.json()).conversation.id;
}


const badge = (page: Page) => page.getByTestId('messages-unread-badge').first();

test('two writers chat live: the unread badge, opening marks it read, Seen, typing, and the reply arrive without reloading', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  await befriend(ada, ben);
  ageAccount(ada);
  await ben.page.goto('/');
  await expect(badge(ben.page)).toHaveCount(0);

  await test.step('Ada starts from Ben’s profile: the notice shows once above the composer', async () => {
    await ada.page.goto(`/user/${ben.uid}`);
    await ada.page.getByTestId('message-button').click();
    await expect(ada.page).toHaveURL(new RegExp(`/messages\\?to=${ben.uid}`));
    const composer = ada.page.getByTestId('new-conversation');
    await expect(composer.getByTestId('e2e-notice')).toHaveText(MESSAGE_TEXTS.e2eNotice);
    await expect(composer.getByTestId('as-request-note')).toHaveCount(0);
    const box = composer.getByLabel('Your message');
    await box.fill('Hello Ben');
    await box.press('Shift+Enter');
    await box.pressSequentially('Are you writing today?');
    await box.press('Enter');
    await expect(ada.page).toHaveURL(/\/messages\?c=/);
    await expect(ada.page.getByTestId('thread').locator('[data-mine="true"]').getByTestId('message-text')).toHaveText('Hello Ben\nAre you writing today?');
  });

  await test.step('Ben’s Messages badge shows 1 without a reload; opening the thread marks it read', async () => {
    await expect(badge(ben.page)).toHaveText('1');
    await ben.page.getByTestId('nav-link-messages').first().click();
    const row = ben.page.getByTestId('conversation').filter({ hasText: ada.name });
    await expect(row.getByTestId('unread-dot')).toBeVisible();
    await row.click();
    await expect(ben.page.getByTestId('thread').getByTestId('message-text')).toHaveText('Hello Ben\nAre you writing today?');
    await expect(badge(ben.page)).toHaveCount(0);
    await expect(row.getByTestId('unread-dot')).toHaveCount(0);
    await expectNoAxeViolations(ben.page, 'conversation', { everyRule: true });
  });

  await test.step('Ada sees Seen under her message', async () => {
    await expect(ada.page.getByTestId('message-seen')).toHaveText(MESSAGE_TEXTS.seen);
  });

  await test.step('Ben types: Ada sees it; Ben replies: Ada sees the reply live', async () => {
    const box = ben.page.getByTestId('thread').getByLabel('Your reply');
    await box.pressSequentially('Yes, a ghost story');
    await expect(ada.page.getByTestId('typing-indicator')).toHaveText(MESSAGE_TEXTS.typing(ben.name));
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const reply = ada.page.getByTestId('thread').getByTestId('message').filter({ hasText: 'Yes, a ghost story' });
    await expect(reply).toBeVisible();
    await expect(reply).not.toHaveAttribute('data-mine');
    // A message from Ben ends his "typing…".
    await expect(ada.page.getByTestId('typing-indicator')).toHaveText('');
    // Ada has the thread open in front: Ben's reply is marked read at once.
    await expect(badge(ada.page)).toHaveCount(0);
  });

  await test.step('screenshots at phone width, light and dark', async () => {
    await ada.page.setViewportSize({ width: 375, height: 740 });
    await shot(ada.page, { path: '/tmp/shots/dm-web-thread-light.png' });
    await ada.page.emulateMedia({ colorScheme: 'dark' });
    await shot(ada.page, { path: '/tmp/shots/dm-web-thread-dark.png' });
    await ada.page.getByTestId('back-to-conversations').click();
    await shot(ada.page, { path: '/tmp/shots/dm-web-list-dark.png' });
  });
});

test('a message that fails to send stays in the thread as "Not sent — Retry", survives a reload, and Retry delivers it', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  await befriend(ada, ben);
  ageAccount(ada);
  const conversationId = await startConversation(ada, ben, 'First note');

  const page = ada.page;
  await page.route('**/api/conversations/*/messages', (route) => route.abort());
  await page.goto(`/messages?c=${conversationId}`);
  const thread = page.getByTestId('thread');
  const box = thread.getByLabel('Your reply');
  await box.fill('This must not get lost');
  await box.press('Enter');
  const unsent = thread.getByTestId('outbox-message');
  await expect(unsent.getByTestId('message-text')).toHaveText('This must not get lost');
  await expect(unsent.getByRole('button', { name: MESSAGE_TEXTS.notSent })).toBeVisible();

  await page.reload();
  await expect(unsent.getByTestId('message-text')).toHaveText('This must not get lost');

  await page.unroute('**/api/conversations/*/messages');
  await unsent.getByRole('button', { name: MESSAGE_TEXTS.notSent }).click();
  await expect(unsent).toHaveCount(0);
  await expect(thread.locator('[data-mine="true"]').getByTestId('message-text').filter({ hasText: 'This must not get lost' })).toHaveCount(1);

  // Delivered: Ben has it.
  const res = await ben.page.request.get(`/api/conversations/${conversationId}`);
  expect(res.status()).toBe(200);
  expect(JSON.stringify(await res.json())).toContain('This must not get lost');
});

test('a message request: it waits under Requests without a badge, Accept moves it to the inbox, and the sender can write more', async ({ browser }) => {
  const cy = await writerInOwnContext(browser, 'Cy');
  const bea = await writerInOwnContext(browser, 'Bea');
  ageAccount(cy);

  await test.step('Bea lets everyone message her in /settings', async () => {
    await bea.page.goto('/settings');
    const section = bea.page.getByTestId('settings-messages');
    await section.getByRole('radio', { name: /^Everyone/ }).check();
    await expect(bea.page.getByText('Message settings saved.')).toBeVisible();
    await bea.page.reload();
    await expect(section.getByRole('radio', { name: /^Everyone/ })).toBeChecked();
    await expectNoAxeViolations(bea.page, 'messages', { everyRule: true });
  });

  await test.step('Cy writes once; more waits for the accept', async () => {
    await cy.page.goto(`/user/${bea.uid}`);
    await cy.page.getByTestId('message-button').click();
    const composer = cy.page.getByTestId('new-conversation');
    await expect(composer.getByTestId('as-request-note')).toBeVisible();
    const box = composer.getByLabel('Your message');
    await box.fill('Hi Bea, I loved your story');
    await box.press('Enter');
    await expect(cy.page).toHaveURL(/\/messages\?c=/);
    await expect(cy.page.getByTestId('pending-note')).toBeVisible();
    await expect(cy.page.getByTestId('reply-closed')).toHaveText(MESSAGE_TEXTS.requestPending);
  });

  await test.step('Bea finds it under Requests, with no badge, and accepts', async () => {
    await bea.page.goto('/messages');
    await expect(bea.page.getByTestId('folder-requests')).toContainText(MESSAGE_TEXTS.requests);
    await expect(bea.page.getByTestId('requests-count')).toHaveText('1');
    await expect(badge(bea.page)).toHaveCount(0);
    await bea.page.getByTestId('folder-requests').click();
    await bea.page.getByTestId('conversation').filter({ hasText: cy.name }).click();
    const panel = bea.page.getByTestId('request-panel');
    await expect(panel).toContainText(MESSAGE_TEXTS.requestIntro(cy.name));
    await expectNoAxeViolations(bea.page, 'messages', { everyRule: true });
    await panel.getByRole('button', { name: MESSAGE_TEXTS.accept }).click();
    await expect(panel).toHaveCount(0);
    await bea.page.getByTestId('folder-inbox').click();
    await expect(bea.page.getByTestId('conversation').filter({ hasText: cy.name })).toBeVisible();
    await expect(bea.page.getByTestId('requests-count')).toHaveCount(0);
  });

  await test.step('Cy can now send more', async () => {
    const box = cy.page.getByTestId('thread').getByLabel('Your reply');
    await expect(box).toBeVisible();
    await box.fill('Thanks for accepting!');
    await box.press('Enter');
    await expect(cy.page.getByTestId('thread').locator('[data-mine="true"]').filter({ hasText: 'Thanks for accepting!' })).toBeVisible();
  });
});

test('no Message button where it would only be refused: the reason in words instead, and a block reads as a closed inbox', async ({ browser }) => {
  const dee = await writerInOwnContext(browser, 'Dee'); // friends only, the default
  const eve = await writerInOwnContext(browser, 'Eve');
  const fay = await writerInOwnContext(browser, 'Fay'); // takes no messages
  const gus = await writerInOwnContext(browser, 'Gus'); // blocks Eve
  ageAccount(eve);
  expect((await fay.page.request.patch('/api/me/messaging-settings', { data: { whoCanMessage: 'nobody' }, headers })).status()).toBe(200);
  expect((await gus.page.request.patch('/api/me/messaging-settings', { data: { whoCanMessage: 'everyone' }, headers })).status()).toBe(200);

  await test.step('friends only: the profile says so, and the address gives the same words, never a composer', async () => {
    await eve.page.goto(`/user/${dee.uid}`);
    await expect(eve.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.friendsOnly(dee.name));
    await expect(eve.page.getByTestId('message-button')).toHaveCount(0);
    await shootLooks(eve.page, SHOTS, 'profile-friends-only', { target: eve.page.getByTestId('public-identity'), axe: true });
    await eve.page.goto(`/messages?to=${dee.uid}`);
    await expect(eve.page.getByTestId('cannot-message')).toHaveText(MESSAGE_TEXTS.friendsOnly(dee.name));
    await expect(eve.page.getByLabel('Your message')).toHaveCount(0);
    await shootLooks(eve.page, SHOTS, 'cannot-message', { target: eve.page.getByTestId('new-conversation'), axe: true });
  });

  await test.step('a closed inbox, and a writer who blocked Eve, read exactly alike', async () => {
    await eve.page.goto(`/user/${fay.uid}`);
    await expect(eve.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.notAccepting(fay.name));
    await expect(eve.page.getByTestId('message-button')).toHaveCount(0);
    // Gus takes messages from everyone, but not from Eve: his profile is "not found" to her and messaging him reads as a closed inbox.
    await eve.page.goto(`/user/${gus.uid}`);
    await expect(eve.page.getByTestId('message-button')).toBeVisible();
    expect((await gus.page.request.post(`/api/blocks/${eve.uid}`, { headers })).status()).toBe(200);
    await eve.page.goto(`/messages?to=${gus.uid}`);
    await expect(eve.page.getByTestId('cannot-message')).toHaveText(MESSAGE_TEXTS.notAccepting(gus.name));
    await eve.page.goto(`/messages?to=${fay.uid}`);
    await expect(eve.page.getByTestId('cannot-message')).toHaveText(MESSAGE_TEXTS.notAccepting(fay.name));
  });
});

test('a conversation whose other writer has deactivated their account stays readable, with replying closed in neutral words', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  await befriend(ada, ben);
  ageAccount(ada);
  const conversationId = await startConversation(ada, ben, 'Are you still writing?');
  const { email } = (await (await ben.page.request.get('/api/account')).json()) as { email: string };
  expect((await ben.page.request.post('/api/account/deletion', { data: { email }, headers })).status()).toBe(200);

  await ada.page.goto(`/messages?c=${conversationId}`);
  const thread = ada.page.getByTestId('thread');
  await expect(thread.locator('[data-mine="true"]').getByTestId('message-text')).toHaveText('Are you still writing?');
  await expect(thread.getByTestId('reply-closed')).toHaveText(MESSAGE_TEXTS.notAccepting(ben.name));
  await expect(thread.getByLabel('Your reply')).toHaveCount(0);
  await shootLooks(ada.page, SHOTS, 'reply-closed', { target: thread, axe: true });
});

test('edit within the window shows "edited", delete for everyone shows "Message deleted", delete for me hides it; the draft is kept per conversation', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  await befriend(ada, ben);
  ageAccount(ada);
  const conversationId = await startConversation(ada, ben, 'A typo mesage');
  const page = ada.page;
  await page.goto(`/messages?c=${conversationId}`);
  const thread = page.getByTestId('thread');
  const mine = (text: string) => thread.locator('[data-mine="true"]').filter({ hasText: text });

  await test.step('the draft survives leaving and coming back', async () => {
    await thread.getByLabel('Your reply').fill('Half a thought');
    await page.goto('/');
    await page.goto(`/messages?c=${conversationId}`);
    await expect(thread.getByLabel('Your reply')).toHaveValue('Half a thought');
    await thread.getByLabel('Your reply').fill('');
  });

  await test.step('Edit: Esc cancels, Enter saves', async () => {
    await mine('A typo mesage').getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = thread.getByLabel('Edit message');
    await editor.fill('Never mind');
    await editor.press('Escape');
    await expect(mine('A typo mesage').getByTestId('message-text')).toHaveText('A typo mesage');
    await mine('A typo mesage').getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('A typo message');
    await editor.press('Enter');
    await expect(mine('A typo message').getByTestId('message-text')).toHaveText('A typo message');
    await expect(mine('A typo message').getByTestId('message-edited')).toHaveText(MESSAGE_TEXTS.edited);
  });

  await test.step('Delete for everyone, after the question', async () => {
    await mine('A typo message').getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete for everyone' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete for everyone' }).click();
    await expect(thread.getByTestId('message-deleted')).toHaveText(MESSAGE_TEXTS.deleted);
    const res = await ben.page.request.get(`/api/conversations/${conversationId}`);
    expect(JSON.stringify(await res.json())).not.toContain('A typo message');
  });

  await test.step('Delete for me: gone for Ada, still there for Ben', async () => {
    const box = thread.getByLabel('Your reply');
    await box.fill('Only I forget this');
    await box.press('Enter');
    await mine('Only I forget this').getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete for me' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete for me' }).click();
    await expect(mine('Only I forget this')).toHaveCount(0);
    const res = await ben.page.request.get(`/api/conversations/${conversationId}`);
    expect(JSON.stringify(await res.json())).toContain('Only I forget this');
  });
});

test('the same text to a fourth person within minutes is refused with the server’s sentence beside the composer, and the text stays', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  ageAccount(ada);
  const friends = [];
  for (const first of ['Ben', 'Cy', 'Dee', 'Eve']) {
    const friend = await writerInOwnContext(browser, first);
    await befriend(ada, friend);
    friends.push(friend);
  }
  const [ben, cy, dee, eve] = friends as [ContextWriter, ContextWriter, ContextWriter, ContextWriter];
  const text = 'Read my new story please';
  for (const to of [ben, cy, dee]) await startConversation(ada, to, text);

  await ada.page.goto(`/messages?to=${eve.uid}`);
  const composer = ada.page.getByTestId('new-conversation');
  const box = composer.getByLabel('Your message');
  await box.fill(text);
  await box.press('Enter');
  await expect(composer.getByRole('alert')).toHaveText(MESSAGE_TEXTS.sameText);
  await expect(box).toHaveValue(text);
  await expect(ada.page).toHaveURL(new RegExp(`/messages\\?to=${eve.uid}`));
});

test('declining a message request asks first, hides it, and the sender is not told', async ({ browser }) => {
  const cy = await writerInOwnContext(browser, 'Cy');
  const bea = await writerInOwnContext(browser, 'Bea');
  ageAccount(cy);
  const settings = await bea.page.request.patch('/api/me/messaging-settings', { data: { whoCanMessage: 'everyone' }, headers });
  expect(settings.status(), await settings.text()).toBe(200);
  const conversationId = await startConversation(cy, bea, 'Buy my book');

  await bea.page.goto('/messages?folder=requests');
  await bea.page.getByTestId('conversation').filter({ hasText: cy.name }).click();
  await bea.page.getByTestId('request-panel').getByRole('button', { name: MESSAGE_TEXTS.decline }).click();
  const dialog = bea.page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`Decline ${cy.name}'s message request?`);
  await dialog.getByRole('button', { name: MESSAGE_TEXTS.decline }).click();
  await expect(bea.page.getByTestId('thread')).toHaveCount(0);
  await expect(bea.page.getByTestId('conversation').filter({ hasText: cy.name })).toHaveCount(0);
  await expect(bea.page.getByTestId('requests-count')).toHaveCount(0);

  // Cy still sees a request waiting, as before.
  await cy.page.goto(`/messages?c=${conversationId}`);
  await expect(cy.page.getByTestId('pending-note')).toBeVisible();
  await expect(cy.page.getByTestId('reply-closed')).toHaveText(MESSAGE_TEXTS.requestPending);
});
