import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in an antd select, retried until `chosen` shows it. The options of a remote select
 * are fetched when it opens (or as the search is typed) and re-rendered when they arrive; a click
 * that lands in between is lost, and a second click on a multiple select would undo the first, so
 * each round clicks only while the choice is not shown yet. `chosen`: antd 6 shows a single select's
 * value in `.ant-select-content`, a multiple select's in `.ant-select-selection-item` tags.
 */
export const chooseOption = async (
  page: Page,
  select: Locator,
  option: string,
  chosen: Locator,
  options: { search?: string; exact?: boolean } = {},
) => {
  const item = options.exact
    ? page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    : page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option });
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      if (!(await item.first().isVisible())) {
        await select.click();
        if (options.search) await page.keyboard.type(options.search);
      }
      await item.first().click({ timeout: 3_000 });
    }
    await expect(chosen.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
};
