import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';

/** The budget for everything login.html loads, measured as the browser fetches it. */
const LOGIN_JS_BUDGET_BYTES = 200 * 1000;

test('the sign-in page loads at most 200 kB of gzipped JavaScript', async ({ page }) => {
  const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length })),
    );
  });

  await page.goto(`${baseUrl}/login.html`);
  await expect(page.getByTestId('login-panel')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, script) => sum + script.gzipBytes, 0);
  const summary = `${(total / 1000).toFixed(1)} kB in ${loaded.length} files`;
  test.info().annotations.push({ type: 'login.html JavaScript, gzipped', description: summary });
  console.log(`login.html JavaScript, gzipped: ${summary}`);
  expect(loaded.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
