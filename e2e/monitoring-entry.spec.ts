import { expect, type Page, test } from '@playwright/test';
import { screenshotPath } from './support/environment';
import { signIn } from './support/sign-in';

/**
 * Issue 25, item 10: the header's 监控中心 shows only to a user whose menus hold a monitored item
 * (the demo's 设备列表), opens that item, and is drawn like the header's other entries.
 */
const WIDE = { width: 1440, height: 900 };

/** What makes an entry look like one: its colours, border and height (the text differs). */
const lookOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      color: style.color,
      background: style.backgroundColor,
      border: style.borderTopWidth + style.borderTopStyle,
      height: style.height,
      font: style.fontSize,
    };
  });

test.describe('the monitoring centre entry', () => {
  test('a member with a monitored item sees it, drawn like the other entries, and it opens the item', async ({
    page,
  }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, { account: 'water.op', expectedName: '李运维' });
    const entry = page.getByTestId('shell-monitoring');
    await expect(entry).toBeVisible();
    expect(await lookOf(page, 'shell-monitoring')).toEqual(await lookOf(page, 'shell-notices'));
    await page.screenshot({
      path: screenshotPath('monitoring-entry-water-op'),
      clip: { x: 0, y: 0, ...WIDE, height: 60 },
    });
    await entry.click();
    await page.getByRole('menuitem', { name: '设备列表' }).click();
    await expect(page.locator('iframe[data-tab-id="monitor:m-device-list"]')).toBeVisible();
  });

  test('a user without a monitored item sees no entry', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, { account: 'admin', expectedName: '平台管理员' });
    await expect(page.getByTestId('shell-notices')).toBeVisible();
    await expect(page.getByTestId('shell-monitoring')).toHaveCount(0);
  });
});
