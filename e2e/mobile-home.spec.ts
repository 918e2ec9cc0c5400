import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { localStorageOf, submitSignIn } from './support/sign-in';

/**
 * Issue 25, item 11: the mobile page after sign-in lists the user's applications from the shell's
 * menu tree (each opening its page full-screen), and the notices, to-dos and messages with the
 * counts the shell's header shows.
 */
const PHONE = { width: 390, height: 844 };

const apiGet = async (page: Page, path: string) => {
  const token = (await localStorageOf(page)).UniWimAuthorization;
  const answer = await page.request.get(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await answer.json()).Response;
};

test('the mobile home lists the user’s applications and the unread counts, and opens each page', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'water.op' });
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  await page.goto(`${baseUrl}/mobile/index.html`);
  await expect(page.getByTestId('mobile-profile')).toBeVisible();

  // The applications: the same tree as the shell (water.op's items and the public knowledge base).
  const apps = page.getByTestId('mobile-apps');
  await expect(apps.locator('[data-menu-id="m-home"]')).toHaveText('首页');
  await expect(apps.locator('[data-menu-id="m-device-list"]')).toHaveText('设备列表');
  await expect(apps.locator('[data-menu-id="m-knowledge"]')).toHaveText('知识库');
  await expect(apps.locator('[data-menu-id="m-device-add"]')).toHaveCount(0);
  await expect(apps.getByRole('heading', { name: '设备' })).toBeVisible();

  // The counts are the header's.
  const notices = await apiGet(page, '/ump/notices/unread-count');
  const todos = await apiGet(page, '/ump/todos/count');
  const messages = await apiGet(page, '/ump/messages/unread');
  const countOf = (testId: string, count: number) =>
    count > 0
      ? expect(page.getByTestId(`${testId}-count`)).toHaveText(String(Math.min(count, 99)))
      : expect(page.getByTestId(`${testId}-count`)).toHaveCount(0);
  await countOf('mobile-notices', notices.unread);
  await countOf('mobile-todos', todos.open);
  await countOf('mobile-messages', messages.unread);

  // An application opens its page full-screen, signed in from the stored session.
  await apps.locator('[data-menu-id="m-device-list"]').click();
  await expect(page).toHaveURL(/\/page\.html\?.*#\/deviceList/);
  expect(page.url()).not.toContain('uniwater_utoken');
  await expect(page.getByTestId('page-app')).toHaveAttribute('data-route', '/deviceList');
  await page.goBack();

  // The notices tile opens the notices page.
  await page.getByTestId('mobile-notices').click();
  await expect(page).toHaveURL(`${baseUrl}/page.html#/umpNoticeDetail`);
  await expect(page.getByTestId('notice-page')).toBeVisible();
  await page.goBack();

  // In English the applications are named in English.
  await page.getByRole('button', { name: /English/ }).click();
  await expect(apps.locator('[data-menu-id="m-device-list"]')).toHaveText('Device list');
  await expect(page.getByTestId('mobile-notices')).toContainText('Notices');
});
