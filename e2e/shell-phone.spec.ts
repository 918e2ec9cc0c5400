import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { submitSignIn } from './support/sign-in';

/**
 * Issue 25, item 11: the shell on a phone (390 px). The header shows the title between two buttons:
 * one opens the side menu as a drawer, the other the header's entries as one menu; nothing is cut
 * off, everything is reachable, the frames take the full width and the tabs scroll.
 */
const PHONE = { width: 390, height: 844 };

const signInOnPhone = async (browser: Browser, account: string): Promise<Page> => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account });
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  await expect(page.getByTestId('shell-tabs')).toBeVisible();
  return page;
};

/** The element lies inside the viewport's width: not cut off at either side. */
const expectWithinWidth = async (page: Page, selector: string) => {
  const boxes = await page
    .locator(selector)
    .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, selector).toBeGreaterThanOrEqual(0);
    expect(box.right, selector).toBeLessThanOrEqual(PHONE.width);
  }
};

test.describe('the shell on a phone', () => {
  test('the side menu is a drawer and the frames take the full width', async ({ browser }) => {
    const page = await signInOnPhone(browser, 'water.admin');
    const problems = recordPageProblems(page);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectWithinWidth(page, '[data-testid="shell-header"] > *:visible');

    const sider = page.getByTestId('shell-sider');
    const toggle = page.getByTestId('shell-menu-toggle');
    await expect(sider).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const frame = page.locator('iframe[data-tab-id="m-home"]');
    expect((await frame.boundingBox())?.width).toBe(PHONE.width);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sider).toBeVisible();
    await expectWithinWidth(page, '[data-testid="shell-sider"]');
    // Opening an item closes the drawer and shows its page.
    await sider.locator('[data-menu-id="m-device-list"]').click();
    await expect(sider).toBeHidden();
    await expect(page.locator('iframe[data-tab-id="m-device-list"]')).toBeVisible();

    // Escape closes the drawer and gives the focus back to its button.
    await toggle.click();
    await expect(sider).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sider).toBeHidden();
    await expect(toggle).toBeFocused();

    // More tabs than fit: the tab bar stays inside the screen (it scrolls), the reload button too.
    for (const id of ['m-saas', 'm-device-add', 'm-device-map', 'm-knowledge']) {
      await toggle.click();
      await sider.locator(`[data-menu-id="${id}"]`).click();
      await expect(page.locator(`iframe[data-tab-id="${id}"]`)).toBeVisible();
    }
    await expectWithinWidth(page, '[data-testid="shell-tabs"]');
    await expectWithinWidth(page, '[data-testid="shell-tab-reload"]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
  });

  test("the header's entries open as one menu, each reachable and whole", async ({ browser }) => {
    const page = await signInOnPhone(browser, 'water.admin');
    const tools = page.getByTestId('shell-header-tools');
    const toggle = page.getByTestId('shell-header-menu-toggle');
    await expect(tools).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['通知公告', '消息', '待办', '退出登录']) {
      await expect(tools.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(tools.getByRole('button', { name: /English/ })).toBeVisible();
    await expect(tools.getByTestId('shell-user-menu')).toBeVisible();
    await expect(tools.getByRole('combobox', { name: '搜索应用、菜单' })).toBeVisible();
    await expectWithinWidth(page, '[data-testid="shell-header-tools"] > *');

    // The user menu opens from there.
    await tools.getByTestId('shell-user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
    await tools.getByTestId('shell-user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeHidden();

    // An entry opens its page, and the menu closes behind it.
    await tools.getByRole('button', { name: '通知公告', exact: true }).click();
    await expect(tools).toBeHidden();
    await expect(page.locator('iframe[data-tab-id="/umpNoticeDetail"]')).toBeVisible();
  });
});
