import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { recordPageProblems } from './support/page-problems';

test.describe('entry pages', () => {
  test('the site root leads to the sign-in page', async ({ page }) => {
    await page.goto(`${baseUrl}/`);
    await expect(page).toHaveURL(/\/login\.html/);
    await expect(page.getByTestId('login-panel')).toBeVisible();
  });

  for (const path of ['/index.html', '/admin.html', '/mobile/index.html']) {
    test(`${path} without a token goes to the sign-in page`, async ({ page }) => {
      await page.goto(`${baseUrl}${path}`);
      await expect(page).toHaveURL(`${baseUrl}/login.html`);
      await expect(page.getByTestId('login-panel')).toBeVisible();
    });
  }

  test('index.html with a stored token shows the workspace placeholder', async ({ page }) => {
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('UniWimAuthorization', 'some-token'));
    // Recorded from here: the browser's own favicon.ico probe for the SVG document above is no page problem.
    const problems = recordPageProblems(page);
    await page.goto(`${baseUrl}/index.html`);
    await expect(page.getByTestId('workspace-shell')).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    expect(problems).toEqual([]);
  });
});
