import { expect, test } from '@playwright/test';
import { defaultLoginConfig, parseLoginTypes } from '@uniwim/contracts/client';
import { baseUrl } from './support/environment';
import { demoSeed } from './support/seed';

const ENGLISH_LABELS: Record<string, string> = { '1-1': 'Account', '1-2': 'QR code', '1-3': 'SMS code' };

test.describe('sign-in page language', () => {
  test('is Chinese by default and can switch to English, which survives a reload', async ({ page }) => {
    await page.goto(`${baseUrl}/login.html`);
    await expect(page.getByRole('tab').first()).toHaveText('账号登录');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await page.getByRole('button', { name: '切换语言' }).click();
    await expect(page.getByRole('tab').first()).toHaveText('Account');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    // The sign-in page clears local storage on load, but keeps the language preference.
    await page.reload();
    await expect(page.getByRole('tab').first()).toHaveText('Account');
  });

  test('follows a lang query parameter', async ({ page }) => {
    await page.goto(`${baseUrl}/login.html?lang=en`);
    const modes = parseLoginTypes(
      demoSeed.platform.loginConfig.loginAccountType ?? defaultLoginConfig().loginAccountType,
    );
    await expect(page.getByRole('tab')).toHaveText(modes.map((mode) => ENGLISH_LABELS[mode] ?? mode));
  });
});
