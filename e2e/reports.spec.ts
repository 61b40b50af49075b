import { expect, test, type Browser, type Page } from './support/test';
import { REPORT_CATEGORY_LABELS, REPORT_TEXTS } from '../common/moderation/moderation';
import { ageAccount, queryE2eDatabase } from './support/db';
import { E2E } from './support/env';
import { writerInOwnContext, type ContextWriter } from './support/users';
import { shootLooks } from './support/looks';
import { expectNoAxeViolations } from './support/axe';

// Three writers each, and the screens checked light and dark, wide and at 375 px: 20–30 s on a loaded 2-core machine.

const SHOTS = '/tmp/shots-reports';
const headers = { origin: E2E.baseUrl };

/** The open dialog in light and dark (the system's scheme: new accounts have no saved mode), wide and at 375 px. */
const shoot = (page: Page, name: string) => shootLooks(page, SHOTS, name);


/** Set-up through the API: the story and the comment are not what this test is about. */
async function publish(writer: ContextWriter, title: string): Promise<string> {
  const res = await writer.page.request.post('/api/stories', { data: { title, content: `${title}. The tide came in twice that night.`, public: true }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: { id: string } }).story.id;
}

async function commentOn(reader: ContextWriter, storyId: string, text: string): Promise<void> {
  const res = await reader.page.request.post(`/api/stories/${storyId}/comments`, { data: { text }, headers });
  expect(res.status(), await res.text()).toBe(201);
}

/** Ada's story with a comment by Ben and one by Ada herself. */
async function storyWithComments(browser: Browser) {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  const storyId = await publish(ada, 'Low Tide');
  await commentOn(ben, storyId, 'Nobody wants to read this rubbish.');
  await commentOn(ada, storyId, 'Thanks for reading, everyone.');
  return { ada, ben, storyId };
}

test('reporting a comment from the story page: a category and a note, the thanks, and no second report', async ({ browser }) => {
  const { ada, ben, storyId } = await storyWithComments(browser);

  const page = ada.page;
  await page.goto(`/story/${storyId}`);
  const comments = page.getByTestId('comment');
  await expect(comments).toHaveCount(2);
  // Ada's own story and comment offer no Report; Ben's comment does.
  await expect(page.getByTestId('report-story')).toHaveCount(0);
  await expect(comments.filter({ hasText: 'Thanks for reading' }).getByTestId('report-comment')).toHaveCount(0);
  const bensComment = comments.filter({ hasText: 'rubbish' });
  await bensComment.getByRole('button', { name: `Report comment by ${ben.name}` }).click();

  const dialog = page.getByRole('dialog', { name: REPORT_TEXTS.reportTitle('comment') });
  await expect(dialog).toBeVisible();
  // Submitting without a reason asks for one.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason.');
  await dialog.getByRole('radio', { name: REPORT_CATEGORY_LABELS.harassment }).check();
  await dialog.getByLabel('Note (optional)').fill('Insulting the writer.');
  await expect(dialog.getByText('21 / 1,000')).toBeVisible();
  await shoot(page, 'report-dialog');
  await expectNoAxeViolations(page, 'report dialog', { include: ['[data-testid="report-dialog"]'] });

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: REPORT_TEXTS.submitted })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reported: the control says so (focus is back on it) and opens nothing more, after a reload too.
  const reportedComment = bensComment.getByRole('button', { name: `Reported comment by ${ben.name}` });
  await expect(reportedComment).toBeFocused();
  await expect(reportedComment).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: 'rubbish' }).getByRole('button', { name: `Reported comment by ${ben.name}` })).toBeVisible();
  await expect(page.getByTestId('comment').filter({ hasText: 'rubbish' }).getByTestId('report-comment')).toHaveAttribute('data-reported', 'true');
});

// Apart from the test above: each checks its screens in light and dark, wide and at 375 px.
test('a reader is offered Report on a story and a profile, not on their own comment, and reports the profile', async ({ browser }) => {
  const { ada, ben, storyId } = await storyWithComments(browser);
  // Ben sees Report on Ada's story and on her profile, not on his own comment.
  await ben.page.goto(`/story/${storyId}`);
  await expect(ben.page.getByTestId('report-story')).toBeVisible();
  await shoot(ben.page, 'story-page');
  await expect(ben.page.getByTestId('comment').filter({ hasText: 'rubbish' }).getByTestId('report-comment')).toHaveCount(0);
  await ben.page.goto(`/user/${ada.uid}`);
  await expect(ben.page.getByTestId('report-profile')).toBeVisible();
  await shoot(ben.page, 'profile-page');
  await ben.page.getByTestId('report-profile').click();
  const profileDialog = ben.page.getByRole('dialog', { name: REPORT_TEXTS.reportTitle('profile') });
  await expect(profileDialog).toBeVisible();
  await shoot(ben.page, 'report-profile');
  await profileDialog.getByRole('radio', { name: REPORT_CATEGORY_LABELS.spam }).check();
  await profileDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(profileDialog).toBeHidden();
  await expect(ben.page.getByTestId('report-profile')).toHaveText('Reported');
  await shoot(ben.page, 'profile-reported');
});

test('reporting a message from its menu keeps the conversation around it as evidence', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  for (const [from, to] of [
    [ada, ben],
    [ben, ada],
  ] as const) {
    const res = await from.page.request.post(`/api/follows/${to.uid}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  ageAccount(ben);
  const started = await ben.page.request.post('/api/conversations', { data: { to: ada.uid, text: 'Send me money or else.' }, headers });
  expect(started.status(), await started.text()).toBe(201);
  const { conversation, message } = (await started.json()) as { conversation: { id: string }; message: { id: string } };

  await ada.page.goto(`/messages?c=${conversation.id}`);
  const bens = ada.page.getByTestId('message').filter({ hasText: 'Send me money' });
  await bens.getByTestId('message-menu').click();
  await ada.page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = ada.page.getByRole('dialog', { name: REPORT_TEXTS.reportTitle('message') });
  await dialog.getByRole('radio', { name: REPORT_CATEGORY_LABELS.harassment }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(ada.page.getByTestId('toast').filter({ hasText: REPORT_TEXTS.submitted })).toBeVisible();
  await expect(dialog).toBeHidden();

  const [stored] = queryE2eDatabase<{ snapshot: string; reportsCount: number }>(
    "SELECT snapshot, reportsCount FROM moderationCases WHERE targetType = 'message' AND targetId = ?",
    message.id,
  );
  expect(stored?.reportsCount).toBe(1);
  const snapshot = JSON.parse(stored?.snapshot ?? '{}') as { messages?: Array<{ text: string; reported: boolean }> };
  expect(snapshot.messages).toEqual([expect.objectContaining({ text: 'Send me money or else.', reported: true })]);

  // Reported: the menu says so and offers it no more.
  await bens.getByTestId('message-menu').click();
  await expect(ada.page.getByRole('menuitem', { name: 'Reported' })).toHaveAttribute('aria-disabled', 'true');
  await ada.page.keyboard.press('Escape');

  // Ben's own message offers no Report.
  await ben.page.goto(`/messages?c=${conversation.id}`);
  await ben.page.getByTestId('message').filter({ hasText: 'Send me money' }).getByTestId('message-menu').click();
  await expect(ben.page.getByRole('menuitem', { name: 'Delete for me' })).toBeVisible();
  await expect(ben.page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
});
