import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 25, item 12: switched to English, the admin menu is English (each item's English name),
 * the tabs already open and the pages in their frames follow at once, without a reload; the home
 * page writes English counts and greetings.
 */
test.describe('the shell in English', () => {
  test('a language switch renames the menu and the open tabs, and the framed page follows', async ({
    page,
  }) => {
    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'water.admin' });
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await page.goto(`${baseUrl}/admin.html`);
    await expect(page.getByTestId('shell')).toHaveAttribute('data-shell-kind', 'admin');

    const menu = page.getByTestId('shell-menu');
    await menu.locator('[data-menu-id="am-users"]').click();
    const users = page.frameLocator('iframe[data-tab-id="am-users"]');
    await expect(users.getByTestId('admin-create')).toContainText('新增');
    const tab = page.locator('[data-testid="shell-tabs"] [data-tab-id="am-users"]');
    await expect(tab).toHaveText('用户管理');

    await page
      .getByTestId('shell-header')
      .getByRole('button', { name: /English/ })
      .click();
    await expect(menu.locator('[data-menu-id="am-users"]')).toHaveText('Users');
    await expect(menu.locator('[data-menu-id="am-system"]')).toHaveText('System settings');
    await expect(tab).toHaveText('Users');
    await expect(page.locator('iframe[data-tab-id="am-users"]')).toHaveAttribute('title', 'Users');
    // The page in the frame was not reloaded: it follows the stored choice.
    await expect(users.getByTestId('admin-create')).toContainText('New');

    // And back: the Chinese names return.
    await page.getByTestId('shell-header').getByRole('button', { name: /中文/ }).click();
    await expect(tab).toHaveText('用户管理');
    await expect(users.getByTestId('admin-create')).toContainText('新增');
  });

  test('the home page counts and greets in English', async ({ page }) => {
    await page.goto(`${baseUrl}/login.html`);
    await submitSignIn(page, { account: 'water.admin' });
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await page
      .getByTestId('shell-header')
      .getByRole('button', { name: /English/ })
      .click();
    await expect(page.locator('[data-testid="shell-tabs"] [data-tab-id="m-home"]')).toHaveText('Home');
    const home = page.frameLocator('iframe[data-tab-id="m-home"]');
    await expect(home.getByTestId('home-greeting')).toContainText(
      /^Good (morning|afternoon|evening), 王管理/,
    );
    const members = home.locator('[data-widget="members"]');
    await expect(members).toContainText('Members');
    await expect(members.locator('.ant-statistic-content')).toHaveText(/^\d+$/);
  });
});
