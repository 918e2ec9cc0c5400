import type { Page } from '@playwright/test';

/**
 * Records uncaught page errors and console errors, which is where a Content-Security-Policy
 * violation or a failed script shows up; tests assert the list stays empty.
 */
export const recordPageProblems = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  return problems;
};
