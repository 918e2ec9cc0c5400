import { expect, type Page } from '@playwright/test';
import { baseUrl, SEED_ADMIN_PASSWORD } from './environment';

export interface SignInInput {
  account: string;
  /** The shared seed password unless given. */
  password?: string;
  tenantName?: string;
  /** Sets the remember checkbox; left as it is when undefined. */
  remember?: boolean;
}

/** Fills the account-and-password form (mode 1-1) and submits it. */
export const submitSignIn = async (page: Page, input: SignInInput): Promise<void> => {
  const form = page.getByTestId('account-login-form');
  if (input.tenantName !== undefined) await form.getByPlaceholder('租户名称（选填）').fill(input.tenantName);
  await form.getByPlaceholder('请输入账号').fill(input.account);
  await form.getByPlaceholder('请输入密码').fill(input.password ?? SEED_ADMIN_PASSWORD);
  if (input.remember !== undefined)
    await form.getByRole('checkbox', { name: '记住账号' }).setChecked(input.remember);
  await form.getByTestId('login-submit').click();
};

/** Signs in from the platform's sign-in page and waits for the index page to show the user. */
export const signIn = async (page: Page, input: SignInInput & { expectedName: string }): Promise<void> => {
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, input);
  await expect(page).toHaveURL(`${baseUrl}/index.html`);
  await expect(page.getByTestId('current-user-name')).toHaveText(input.expectedName);
};

export const loginError = (page: Page) => page.getByTestId('login-error');

/** Local storage of the current page, as an object. */
export const localStorageOf = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
