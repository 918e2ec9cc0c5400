import { expect, type Page, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-seed';
import { baseUrl, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { localStorageOf, submitSignIn } from './support/sign-in';
import { codesSentTo, waitForSmsCode } from './support/sms-outbox';

const openPhoneMode = async (page: Page) => {
  await page.getByRole('tab', { name: '短信登录' }).click();
  const form = page.getByTestId('phone-login-form');
  await expect(form).toBeVisible();
  return form;
};

const codeBoxes = (page: Page) => page.getByTestId('code-boxes').locator('input');

/** Types a code digit by digit, the way a person does. */
const typeCode = async (page: Page, code: string) => {
  await codeBoxes(page).first().click();
  await page.keyboard.type(code, { delay: 20 });
};

/** Another six digits than the right code. */
const wrongCode = (code: string) => code.replace(/\d$/, (last) => String((Number(last) + 1) % 10));

test.describe('SMS sign-in (mode 1-3)', () => {
  test('checks the number, sends a code, and signs in with it on the code step', async ({ page }) => {
    const problems = recordPageProblems(page);
    const { mobile, name } = E2E_USERS.smsSignIn;
    await page.goto(`${baseUrl}/login.html`);
    const form = await openPhoneMode(page);
    const phone = form.getByPlaceholder('请输入手机号');
    const getCode = form.getByTestId('phone-login-send-code');
    const error = form.getByTestId('phone-login-error');
    await expect(phone).toHaveAttribute('maxlength', '11');
    await expect(getCode).toHaveText('获取验证码');
    await expect(getCode).toBeDisabled();

    await form.getByTestId('phone-login-next').click();
    await expect(error).toHaveText('请输入手机号');
    await phone.fill('1360000');
    await expect(getCode).toBeDisabled();
    await form.getByTestId('phone-login-next').click();
    await expect(error).toHaveText('手机号有误');

    await phone.fill(mobile);
    await expect(getCode).toBeEnabled();
    await page.screenshot({ path: screenshotPath('login-phone'), fullPage: true });
    const seen = codesSentTo(mobile).length;
    await getCode.click();

    const step = page.getByTestId('code-step');
    await expect(step.getByRole('heading', { name: '输入验证码' })).toBeVisible();
    await expect(step.getByTestId('code-step-hint')).toHaveText(
      `请输入发送至 ${mobile} 的验证码，有效期5分钟`,
    );
    await expect(step.getByTestId('code-step-info')).toHaveText('验证码已发送，请注意查收');
    await expect(step.getByTestId('code-step-countdown')).toHaveText(/^\d{2}秒后重发$/);
    await expect(codeBoxes(page)).toHaveCount(6);
    const submit = step.getByTestId('code-step-submit');
    await expect(submit).toBeDisabled();
    await page.screenshot({ path: screenshotPath('login-code-step'), fullPage: true });
    const code = await waitForSmsCode(mobile, seen);

    // A wrong code: the server's message under the boxes, which are emptied for another try.
    await typeCode(page, wrongCode(code));
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(step.getByTestId('code-step-error')).toHaveText('验证码错误或已失效');
    await expect(submit).toBeDisabled();

    // "重新登录" goes back to the first step; the code sent is still usable, so "下一步" returns
    // to the code step without sending another one.
    await step.getByTestId('code-step-restart').click();
    await expect(phone).toHaveValue(mobile);
    await expect(getCode).toHaveText(/^已发送，\d{2}秒$/);
    await form.getByTestId('phone-login-next').click();
    await expect(step).toBeVisible();
    expect(codesSentTo(mobile)).toHaveLength(seen + 1);

    // Pasting six digits fills every box; backspace clears the last and disables the button.
    await codeBoxes(page).first().focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
      );
    }, code);
    for (const [index, digit] of [...code].entries())
      await expect(codeBoxes(page).nth(index)).toHaveValue(digit);
    await expect(submit).toBeEnabled();
    await page.keyboard.press('Backspace');
    await expect(codeBoxes(page).nth(5)).toHaveValue('');
    await expect(codeBoxes(page).nth(4)).toBeFocused();
    await expect(submit).toBeDisabled();
    await codeBoxes(page).nth(5).click();
    await page.keyboard.type(code.at(-1)!);
    await expect(codeBoxes(page).nth(5)).toHaveValue(code.at(-1)!);

    await submit.click();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('current-user-name')).toHaveText(name);
    const storage = await localStorageOf(page);
    expect(storage.UniWimAuthorization).toBeTruthy();
    expect(storage.UniWimTenantUser).toBeUndefined();
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  });

  test('the resend countdown survives a reload', async ({ page }) => {
    const { mobile, name } = E2E_USERS.smsReload;
    await page.goto(`${baseUrl}/login.html`);
    let form = await openPhoneMode(page);
    await form.getByPlaceholder('请输入手机号').fill(mobile);
    const seen = codesSentTo(mobile).length;
    await form.getByTestId('phone-login-send-code').click();
    await expect(page.getByTestId('code-step')).toBeVisible();
    const code = await waitForSmsCode(mobile, seen);

    await page.reload();
    const smsTime = JSON.parse((await localStorageOf(page)).UniWimSmsTime ?? '{}');
    expect(smsTime.LOGIN_CODE).toMatchObject({ mobile });
    form = await openPhoneMode(page);
    // The number comes back with its countdown; the button stays disabled until it ends.
    await expect(form.getByPlaceholder('请输入手机号')).toHaveValue(mobile);
    const getCode = form.getByTestId('phone-login-send-code');
    await expect(getCode).toHaveText(/^已发送，\d{2}秒$/);
    await expect(getCode).toBeDisabled();
    const first = Number((await getCode.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeLessThanOrEqual(60);
    await expect
      .poll(async () => Number((await getCode.textContent())?.match(/\d+/)?.[0]), { timeout: 5_000 })
      .toBeLessThan(first);

    // "下一步" goes to the code step without another SMS.
    await form.getByTestId('phone-login-next').click();
    await expect(page.getByTestId('code-step-countdown')).toHaveText(/^\d{2}秒后重发$/);
    expect(codesSentTo(mobile)).toHaveLength(seen + 1);
    await typeCode(page, code);
    await page.getByTestId('code-step-submit').click();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('current-user-name')).toHaveText(name);
  });

  test('a failed send shows the message and enables the button again', async ({ page }) => {
    await page.goto(`${baseUrl}/login.html`);
    const form = await openPhoneMode(page);
    // The real server only fails to send when the SMS provider does; this one answer is simulated.
    await page.route('**/dmp/verificationCode', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          Code: 50202,
          Message: '操作失败，请联系管理员',
          Response: null,
          Error: 'SMS_SEND_FAILED',
        }),
      }),
    );
    await form.getByPlaceholder('请输入手机号').fill('13600000099');
    const getCode = form.getByTestId('phone-login-send-code');
    await getCode.click();
    await expect(form.getByTestId('phone-login-error')).toHaveText('操作失败，请联系管理员');
    await expect(getCode).toBeEnabled();
    await expect(getCode).toHaveText('获取验证码');
    await expect(page.getByTestId('code-step')).toHaveCount(0);
  });
});

test.describe('two-factor sign-in', () => {
  test('a tenant that requires it asks for the SMS code after the password', async ({ page }) => {
    const problems = recordPageProblems(page);
    const { username, name, mobile } = E2E_USERS.twoFactor;
    await page.goto(`${baseUrl}/login.html`);
    const seen = codesSentTo(mobile).length;
    await submitSignIn(page, { account: username });

    const step = page.getByTestId('code-step');
    await expect(step.getByRole('heading', { name: '输入验证码' })).toBeVisible();
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
    await expect(step.getByTestId('code-step-hint')).toHaveText(
      `请输入发送至 ${masked} 的验证码，有效期5分钟`,
    );
    await expect(step.getByTestId('code-step-countdown')).toHaveText(/^\d{2}秒后重发$/);
    expect((await localStorageOf(page)).UniWimAuthorization).toBeUndefined();

    const code = await waitForSmsCode(mobile, seen);
    await typeCode(page, code);
    await step.getByTestId('code-step-submit').click();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('current-user-name')).toHaveText(name);
    const storage = await localStorageOf(page);
    expect(storage.UniWimTenantUser).toBe('1');
    expect(storage.UniWimTenantId).toBe('t-twofactor');
    expect(problems).toEqual([]);
  });
});
