import { defineConfig } from '@playwright/test';
import { baseUrl } from './support/environment';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    // The product honours prefers-reduced-motion (app/reduced-motion.ts): dialogs open in place, so a
    // click on a button that is still zooming in cannot land elsewhere between mouse down and up.
    reducedMotion: 'reduce',
    baseURL: baseUrl,
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; tests never download a browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
