import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { MESSAGE_CENTRE_E2E } from './support/message-centre-seed';
import { localStorageOf, submitSignIn } from './support/sign-in';

const { user, classes, messages } = MESSAGE_CENTRE_E2E;

/**
 * Issue 15, the message centre: a member's seeded messages show in the header's count; opening one
 * from the drawer reads it and opens its link in a tab; "mark all read" empties the count; a
 * preference switched off stays off after a reload; and a to-do posted through the API raises the
 * header's to-do count live, without a reload.
 */
test('the message centre: count, open, mark all read, preferences; the to-do count live', async ({
  browser,
  request,
}) => {
  // An application's credential with the to-do scope (the platform administrator creates it).
  const admin = await (await browser.newContext()).newPage();
  await admin.goto(`${baseUrl}/login.html`);
  await submitSignIn(admin, { account: 'admin' });
  await expect(admin).toHaveURL(/\/(index|admin)\.html/);
  const adminToken = (await localStorageOf(admin)).UniWimAuthorization;
  const created = await request.post(`${baseUrl}/dmp/admin/api-clients`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: `E2E 消息中心 ${Date.now() % 100_000}`, ownerTenantId: 't-water', scopes: ['todo:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const client = (await created.json()).Response as { id: string; clientSecret: string };
  await admin.context().close();

  const member = await (await browser.newContext()).newPage();
  await member.goto(`${baseUrl}/login.html`);
  await submitSignIn(member, { account: user.username });
  await expect(member).toHaveURL(/\/index\.html/);

  // The seeded messages: three unread.
  const badge = member.getByTestId('shell-messages-count');
  await expect(badge).toHaveText('3');

  // The to-do count rises live when an application posts one (no reload).
  await expect(member.getByTestId('shell-todos-count')).toBeHidden();
  const token = await request.post(`${baseUrl}/dmp/oauth/token`, {
    form: { grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret },
  });
  expect(token.status(), await token.text()).toBe(200);
  const posted = await request.post(`${baseUrl}/ump/todos`, {
    headers: { authorization: `Bearer ${(await token.json()).access_token}` },
    data: { username: user.username, title: 'E2E 消息中心待办' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await expect(member.getByTestId('shell-todos-count')).toHaveText('1', { timeout: 2_000 });

  // The drawer: the newest first; opening the one with a link reads it and opens the link in a tab.
  await member.getByTestId('shell-messages').click();
  const drawer = member.getByTestId('message-drawer');
  const items = drawer.getByTestId('message-item');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText(messages.withLink.title);
  await expect(items.first()).toHaveAttribute('data-unread', 'true');
  await items.first().getByRole('button').click();
  await expect(member.locator(`iframe[data-tab-id="${messages.withLink.link}"]`)).toBeVisible();
  await expect(badge).toHaveText('2');

  // Mark all read: the count goes.
  await member.getByTestId('shell-messages').click();
  await expect(items.first()).toHaveAttribute('data-unread', 'false');
  await drawer.getByTestId('message-read-all').click();
  await expect(badge).toBeHidden();
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'false');

  // The full page's preferences: the switchable class off, the mandatory one locked.
  await drawer.getByTestId('message-view-all').click();
  const centre = member.frameLocator('iframe[data-tab-id="/messageCenter"]');
  await expect(centre.getByTestId('my-messages')).toContainText(messages.alarm.title);
  await centre.getByRole('tab', { name: '接收设置' }).click();
  const switchable = centre.getByTestId(`message-pref-${classes.switchable.id}`);
  await expect(switchable).toHaveAttribute('aria-checked', 'true');
  await expect(centre.getByTestId(`message-pref-${classes.mandatory.id}`)).toBeDisabled();
  await switchable.click();
  await expect(switchable).toHaveAttribute('aria-checked', 'false');

  // After a reload (the page on its own), the choice is still off.
  await member.goto(`${baseUrl}/page.html#/messageCenter`);
  await expect(member.getByTestId('page-header')).toContainText('消息中心');
  await member.getByRole('tab', { name: '接收设置' }).click();
  await expect(member.getByTestId(`message-pref-${classes.switchable.id}`)).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(member.getByTestId(`message-pref-${classes.mandatory.id}`)).toBeDisabled();
});
