import { expect, test } from '@playwright/test';
import { E2E_USERS } from './support/e2e-seed';
import { baseUrl, SEED_ADMIN_PASSWORD, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { loginError, signIn, submitSignIn } from './support/sign-in';
import { codesSentTo, waitForSmsCode } from './support/sms-outbox';

test.describe('forgot password', () => {
  test('resets the password with an SMS code; the new one signs in, the old one no longer', async ({
    page,
  }) => {
    const problems = recordPageProblems(page);
    const { username, name, mobile } = E2E_USERS.forgotPassword;
    const newPassword = 'Reset-Passw0rd-1';
    await page.goto(`${baseUrl}/login.html`);
    await page.getByTestId('login-forgot-password').click();

    const dialog = page.getByRole('dialog', { name: '忘记密码' });
    await expect(dialog).toBeVisible();
    // Measured once the opening animation (a zoom) is over.
    await expect
      .poll(() => dialog.evaluate((element) => element.closest('.ant-modal')?.getBoundingClientRect().width))
      .toBe(380);
    await expect(dialog.getByTestId('forgot-password-policy')).toHaveText('8-64位，须包含字母和数字');

    const error = dialog.getByTestId('forgot-password-error');
    const submit = dialog.getByTestId('forgot-password-submit');
    const phone = dialog.getByLabel('手机号');
    const code = dialog.getByLabel('验证码', { exact: true });
    const password = dialog.getByLabel('新密码');
    const getCode = dialog.getByTestId('forgot-password-send-code');
    await expect(phone).toHaveAttribute('maxlength', '11');
    await expect(getCode).toBeDisabled();

    await submit.click();
    await expect(error).toHaveText('请输入手机号');
    await phone.fill('1360000');
    await submit.click();
    await expect(error).toHaveText('手机号有误');
    await phone.fill(mobile);
    await submit.click();
    await expect(error).toHaveText('请输入手机验证码');

    const seen = codesSentTo(mobile).length;
    await getCode.click();
    await expect(dialog.getByTestId('forgot-password-info')).toHaveText('验证码已发送，请注意查收');
    await expect(getCode).toHaveText(/^已发送，\d{2}秒$/);
    await expect(getCode).toBeDisabled();
    await code.fill(await waitForSmsCode(mobile, seen));
    await submit.click();
    await expect(error).toHaveText('请输入新密码');
    await page.screenshot({ path: screenshotPath('login-forgot-password'), fullPage: true });

    // The server checks the policy before it spends the code: the same code still works afterwards.
    await password.fill('short1');
    await submit.click();
    await expect(error).toHaveText('密码长度不能少于8位');
    await password.fill(newPassword);
    await submit.click();

    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('login-info')).toHaveText('密码重置成功');
    await submitSignIn(page, { account: username, password: SEED_ADMIN_PASSWORD });
    await expect(loginError(page)).toContainText('用户名或密码错误');
    await signIn(page, { account: username, password: newPassword, expectedName: name });
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  });
});
