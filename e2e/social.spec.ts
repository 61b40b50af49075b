import { expect, test, type Page } from './support/test';
import { MESSAGE_TEXTS } from '../common/messages/messages';
import { SOCIAL_TEXTS } from '../common/follows/follows';
import { ageAccount } from './support/db';
import { writerInOwnContext, type ContextWriter } from './support/users';
import { expectNoAxeViolations } from './support/axe';

// Each test is two or three writers' whole journey (sign-ups, several screens): 20–30 s on a loaded 2-core machine.

const followButton = (page: Page) => page.getByTestId('profile-actions').getByTestId('follow-button');

async function openProfile(viewer: ContextWriter, of: ContextWriter) {
  await viewer.page.goto(`/user/${of.uid}`);
  await expect(viewer.page.getByRole('heading', { level: 1, name: of.name })).toBeVisible();
}


async function expectToast(page: Page, message: string) {
  const toast = page.getByTestId('toast').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
}

test('following from a profile, following back to become friends, the /friends tabs and unfollowing', async ({ browser }) => {
  const ada = await writerInOwnContext(browser, 'Ada');
  const ben = await writerInOwnContext(browser, 'Ben');
  // Old enough to start conversations, so only the friends-only default decides about Message.
  ageAccount(ada);
  ageAccount(ben);

  await openProfile(ada, ben);
  await expect(ada.page.getByTestId('followers-count')).toHaveText('0 followers');
  await expect(followButton(ada.page)).toHaveText(SOCIAL_TEXTS.follow);
  // Ben takes messages from friends only (the default): no Message button that could only be refused, the reason instead.
  await expect(ada.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.friendsOnly(ben.name));
  await expect(ada.page.getByTestId('message-button')).toHaveCount(0);
  await followButton(ada.page).click();
  await expect(followButton(ada.page)).toHaveText(SOCIAL_TEXTS.following);
  await expect(ada.page.getByTestId('followers-count')).toHaveText('1 follower');
  await expect(ada.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.friendsOnly(ben.name));

  // Ben was followed first: his button offers to follow back.
  await openProfile(ben, ada);
  await expect(ben.page.getByTestId('following-count')).toHaveText('1 following');
  await expect(followButton(ben.page)).toHaveText(SOCIAL_TEXTS.followBack);
  await expect(ben.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.friendsOnly(ada.name));
  await followButton(ben.page).click();
  await expect(followButton(ben.page)).toHaveText(SOCIAL_TEXTS.friends);
  const message = ben.page.getByTestId('message-button');
  await expect(message).toHaveText(SOCIAL_TEXTS.message);
  await expect(message).toHaveAttribute('href', `/messages?to=${ada.uid}`);
  await expect(ben.page.getByTestId('message-unavailable')).toHaveCount(0);

  // Ada's open profile of Ben follows along live (relationship.changed), no reload: now friends, Message shows.
  await expect(followButton(ada.page)).toHaveText(SOCIAL_TEXTS.friends);
  await expect(ada.page.getByTestId('following-count')).toHaveText('1 following');
  await expect(ada.page.getByTestId('message-button')).toBeVisible();
  await expect(ada.page.getByTestId('message-unavailable')).toHaveCount(0);
  await expectNoAxeViolations(ada.page);

  await ada.page.goto('/friends');
  await expect(ada.page.getByRole('tab', { name: 'Friends' })).toHaveAttribute('aria-selected', 'true');
  const friends = ada.page.getByRole('list', { name: 'Friends' });
  await expect(friends.getByTestId('writer-name')).toHaveText([ben.name]);
  await expect(friends.getByTestId('writer-latest')).toHaveText('No public stories yet');
  await expect(friends.getByRole('link', { name: `Message ${ben.name}` })).toHaveAttribute('href', `/messages?to=${ben.uid}`);
  await ada.page.getByRole('tab', { name: 'Following' }).click();
  await expect(ada.page.getByRole('list', { name: 'Following' }).getByTestId('writer-name')).toHaveText([ben.name]);
  await ada.page.getByRole('tab', { name: 'Followers' }).click();
  await expect(ada.page.getByRole('list', { name: 'Followers' }).getByTestId('writer-name')).toHaveText([ben.name]);
  await expectNoAxeViolations(ada.page);
  // No approval asked: no Requests tab.
  await expect(ada.page.getByRole('tab', { name: 'Requests' })).toHaveCount(0);

  // Find writers: by name, with the follow button in each row.
  await ada.page.getByRole('tab', { name: 'Find writers' }).click();
  await ada.page.getByLabel('Search writers by name').fill(ben.name);
  const found = ada.page.getByRole('list', { name: /Writers named like/ }).getByTestId('writer-row');
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('follow-button')).toHaveText(`${SOCIAL_TEXTS.friends} ${ben.name}`);

  // Unfollowing a friend goes through the button's menu; Ben still follows Ada.
  await openProfile(ada, ben);
  await followButton(ada.page).click();
  await ada.page.getByRole('menuitem', { name: SOCIAL_TEXTS.unfollow }).click();
  await expect(followButton(ada.page)).toHaveText(SOCIAL_TEXTS.followBack);
  await expect(ada.page.getByTestId('message-button')).toHaveCount(0);
  await expect(ada.page.getByTestId('message-unavailable')).toHaveText(MESSAGE_TEXTS.friendsOnly(ben.name));
});

test('blocking from the menu hides each from the other until unblocked', async ({ browser }) => {
  const cy = await writerInOwnContext(browser, 'Cy');
  const dee = await writerInOwnContext(browser, 'Dee');
  await openProfile(dee, cy);
  await followButton(dee.page).click();
  await expect(followButton(dee.page)).toHaveText(SOCIAL_TEXTS.following);

  await openProfile(cy, dee);
  await cy.page.getByRole('button', { name: `More actions for ${dee.name}` }).click();
  await cy.page.getByRole('menuitem', { name: SOCIAL_TEXTS.block }).click();
  const dialog = cy.page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Block ${dee.name}? They won't be able to see your stories or follow you, and you won't see theirs.`);
  await dialog.getByRole('button', { name: SOCIAL_TEXTS.block }).click();
  await expect(cy.page.getByTestId('blocked-notice')).toContainText(SOCIAL_TEXTS.youBlocked);
  await expect(cy.page.getByTestId('public-stories-heading')).toHaveCount(0);
  await expect(cy.page.getByTestId('profile-actions')).toHaveCount(0);
  // The block ended Dee's follow.
  await expect(cy.page.getByTestId('following-count')).toHaveText('0 following');

  await dee.page.goto(`/user/${cy.uid}`);
  await expect(dee.page.getByTestId('user-not-found')).toContainText('User not found');

  await cy.page.goto('/settings');
  const blocked = cy.page.getByRole('list', { name: 'Blocked' });
  await expect(blocked.getByTestId('writer-name')).toHaveText([dee.name]);

  await openProfile(cy, dee);
  await cy.page.getByTestId('blocked-notice').getByRole('button', { name: SOCIAL_TEXTS.unblock }).click();
  await expect(followButton(cy.page)).toHaveText(SOCIAL_TEXTS.follow);
  await expect(cy.page.getByTestId('blocked-notice')).toHaveCount(0);
  await expect(cy.page.getByTestId('public-stories-heading')).toBeVisible();
  await openProfile(dee, cy);
  await expect(followButton(dee.page)).toHaveText(SOCIAL_TEXTS.follow);
});

test('muting for a day from the menu; Settings lists it with Unmute', async ({ browser }) => {
  const cy = await writerInOwnContext(browser, 'Cy');
  const dee = await writerInOwnContext(browser, 'Dee');
  await openProfile(cy, dee);
  await cy.page.getByRole('button', { name: `More actions for ${dee.name}` }).click();
  await cy.page.getByRole('menuitem', { name: SOCIAL_TEXTS.mute }).click();
  await cy.page.getByRole('menuitem', { name: '1 day' }).click();
  await expectToast(cy.page, `You muted ${dee.name}.`);
  await expect(cy.page.getByTestId('muted-note')).toContainText('Muted until');
  await cy.page.goto('/settings');
  const muted = cy.page.getByRole('list', { name: 'Muted' });
  await expect(muted.getByTestId('writer-name')).toHaveText([dee.name]);
  await muted.getByRole('button', { name: `${SOCIAL_TEXTS.unmute} ${dee.name}` }).click();
  await expect(cy.page.getByTestId('settings-blocked-muted')).toContainText('You have not muted anyone.');
  await expect(cy.page.getByTestId('settings-blocked-muted')).toContainText('You have not blocked anyone.');
});

test('approving new followers: a follow becomes a request, accepted in the Requests tab; a follower can be removed', async ({ browser }) => {
  const eve = await writerInOwnContext(browser, 'Eve');
  const fay = await writerInOwnContext(browser, 'Fay');

  await eve.page.goto('/settings');
  const approve = eve.page.getByRole('switch', { name: 'Approve new followers' });
  await expect(approve).toHaveAttribute('aria-checked', 'false');
  await approve.click();
  await expect(approve).toHaveAttribute('aria-checked', 'true');
  await expectToast(eve.page, 'New followers now need your approval.');

  await openProfile(fay, eve);
  await followButton(fay.page).click();
  await expect(followButton(fay.page)).toHaveText(SOCIAL_TEXTS.requested);
  await expect(fay.page.getByTestId('followers-count')).toHaveText('0 followers');

  await eve.page.goto('/friends');
  await eve.page.getByRole('tab', { name: 'Requests' }).click();
  const requests = eve.page.getByRole('list', { name: 'Follow requests' });
  await expect(requests.getByTestId('writer-name')).toHaveText([fay.name]);
  await requests.getByRole('button', { name: `Accept ${fay.name}` }).click();
  await expect(eve.page.getByTestId('empty-state')).toContainText('No follow requests.');

  await fay.page.reload();
  await expect(followButton(fay.page)).toHaveText(SOCIAL_TEXTS.following);
  await expect(fay.page.getByTestId('followers-count')).toHaveText('1 follower');

  // Removing a follower ends their follow without telling them or blocking.
  await eve.page.getByRole('tab', { name: 'Followers' }).click();
  const followers = eve.page.getByRole('list', { name: 'Followers' });
  await followers.getByRole('button', { name: `${SOCIAL_TEXTS.removeFollower} ${fay.name}` }).click();
  await eve.page.getByRole('alertdialog').getByRole('button', { name: SOCIAL_TEXTS.removeFollower }).click();
  await expect(eve.page.getByTestId('empty-state')).toContainText('No followers yet.');
  await fay.page.reload();
  await expect(followButton(fay.page)).toHaveText(SOCIAL_TEXTS.follow);
});

test('a guest on a profile is offered to log in and come back', async ({ page, browser }) => {
  const gil = await writerInOwnContext(browser, 'Gil');
  await page.goto(`/user/${gil.uid}`);
  await expect(page.getByRole('heading', { level: 1, name: gil.name })).toBeVisible();
  const login = page.getByRole('link', { name: 'Log in to follow' });
  await expect(login).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/user/${gil.uid}`)}`);
  await expect(page.getByTestId('followers-count')).toHaveText('0 followers');
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
});
