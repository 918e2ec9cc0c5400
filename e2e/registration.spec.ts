import { expect, type Page, test } from '@playwright/test';
import { REGISTRATION_MOBILE } from './support/e2e-seed';
import { baseUrl, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { demoTenant } from './support/seed';
import { localStorageOf } from './support/sign-in';
import { codesSentTo, waitForSmsCode } from './support/sms-outbox';

const openRegistration = async (page: Page) => {
  await page.getByTestId('login-register').click();
  const form = page.getByTestId('registration-form');
  await expect(form).toBeVisible();
  return form;
};

test.describe('registration', () => {
  test('"去登录" and the side image both return to the sign-in view', async ({ page }) => {
    await page.goto(`${baseUrl}/login.html`);
    await openRegistration(page);
    await expect(page.getByTestId('login-panel').getByRole('heading', { name: '注册' })).toBeVisible();
    await page.getByTestId('registration-to-login').click();
    await expect(page.getByTestId('account-login-form')).toBeVisible();

    await openRegistration(page);
    await page.getByTestId('login-left-image').click();
    await expect(page.getByTestId('account-login-form')).toBeVisible();
    await expect(page.getByTestId('registration-form')).toHaveCount(0);
  });

  test('registers under 示范水务集团 with an SMS code and lands on the index page', async ({ page }) => {
    const problems = recordPageProblems(page);
    const water = demoTenant('water');
    const username = 'reg.user1';
    const password = 'Reg-Passw0rd-1';
    await page.goto(`${baseUrl}/login.html`);
    const form = await openRegistration(page);
    const fieldError = (field: string) => form.getByTestId(`registration-error-${field}`);
    const submit = form.getByTestId('registration-submit');
    const formError = form.getByTestId('registration-error');
    await expect(form.getByTestId('registration-policy')).toHaveText('8-64位，须包含字母和数字');

    await submit.click();
    await expect(formError).toHaveText('请检查必填项');
    await expect(fieldError('username')).toHaveText('请输入用户名');
    await expect(fieldError('mobile')).toHaveText('请输入手机号');
    await expect(fieldError('password')).toHaveText('请输入密码');
    await expect(fieldError('confirmPassword')).toHaveText('请输入确认密码');
    await expect(fieldError('code')).toHaveText('请输入手机验证码');
    await page.screenshot({ path: screenshotPath('login-registration'), fullPage: true });

    // Without a number the code button asks for it first.
    await form.getByTestId('registration-send-code').click();
    await expect(fieldError('mobile')).toHaveText('请先输入手机号');

    // Only companies open to registration are suggested; a name not chosen is cleared on blur.
    const company = form.getByTestId('registration-company');
    const options = form.getByTestId('registration-company-options').getByRole('option');
    await company.fill('示范');
    await expect(options).toHaveText([water.name]);
    await company.fill('示范能源');
    await expect(options).toHaveCount(0);
    await form.getByTestId('registration-username').click();
    await expect(company).toHaveValue('');
    await company.fill('水务');
    await expect(options).toHaveText([water.name]);
    await page.screenshot({ path: screenshotPath('login-registration-suggestions') });
    await options.filter({ hasText: water.name }).click();
    await expect(company).toHaveValue(water.name);
    await form.getByTestId('registration-username').click();
    await expect(company).toHaveValue(water.name);

    await form.getByTestId('registration-username').fill(username);
    const mobile = form.getByTestId('registration-mobile');
    await expect(mobile).toHaveAttribute('maxlength', '11');
    // A registered number gets no code.
    await mobile.fill('13900000002');
    await form.getByTestId('registration-send-code').click();
    await expect(formError).toHaveText('该手机号已注册');
    await mobile.fill('1360000');
    await submit.click();
    await expect(fieldError('mobile')).toHaveText('手机号有误');
    await mobile.fill(REGISTRATION_MOBILE);
    await form.getByTestId('registration-password').fill(password);
    await form.getByTestId('registration-confirm-password').fill(`${password}x`);
    await submit.click();
    await expect(fieldError('confirmPassword')).toHaveText('两次输入密码不一致!');
    await form.getByTestId('registration-confirm-password').fill(password);

    const seen = codesSentTo(REGISTRATION_MOBILE).length;
    await form.getByTestId('registration-send-code').click();
    await expect(form.getByTestId('registration-info')).toHaveText('验证码已发送，请注意查收');
    await expect(form.getByTestId('registration-send-code')).toHaveText(/^已发送，\d{2}秒$/);
    const code = await waitForSmsCode(REGISTRATION_MOBILE, seen);
    await form.getByTestId('registration-code').fill(code);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/dmp/register', async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    // Full-screen loading while the registration is on its way.
    await expect(page.locator('.ant-spin-fullscreen')).toBeVisible();
    release();

    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('current-user-name')).toHaveText(username);
    const storage = await localStorageOf(page);
    expect(storage.UniWimAuthorization).toBeTruthy();
    expect(storage.UniWimTenantId).toBe(water.id);
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  });
});
