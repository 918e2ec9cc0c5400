import { expect, test } from '@playwright/test';
import { baseUrl } from './support/environment';
import { localStorageOf, signIn, submitSignIn } from './support/sign-in';

test.describe('session', () => {
  test('logout ends the session on the server and clears the browser, keeping phoneShowYinuo', async ({
    page,
    request,
  }) => {
    await signIn(page, { account: 'energy.staff', expectedName: '钱员工' });
    await page.evaluate(() => {
      localStorage.setItem('phoneShowYinuo', '1');
      sessionStorage.setItem('leftover', 'x');
    });
    const token = (await localStorageOf(page)).UniWimAuthorization!;

    const logoutCall = page.waitForRequest('**/uniwim/ump/loginLog/logOut');
    await page.getByTestId('logout').click();
    const sent = await logoutCall;
    expect(sent.headers().authorization).toBe(`Bearer ${token}`);
    expect(sent.headers().from_channel).toBe('web');
    await expect(page).toHaveURL(`${baseUrl}/login.html`);
    await expect(page.getByTestId('login-panel')).toBeVisible();
    expect(await localStorageOf(page)).toEqual({ phoneShowYinuo: '1' });
    expect(await page.evaluate(() => sessionStorage.getItem('leftover'))).toBeNull();

    const afterLogout = await request.get(`${baseUrl}/ump/currUserInfo`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(afterLogout.status()).toBe(401);
  });

  test('a token about to expire is refreshed once, however many callers need it', async ({ page }) => {
    await signIn(page, { account: 'energy.admin', expectedName: '赵管理' });
    const before = await localStorageOf(page);
    // Set off the shell (on a same-origin file): a request of the open page would refresh at once.
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('tokenTime', String(Date.now() + 5_000)));

    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/dmp/refreshToken')) refreshCalls.push(request.postData() ?? '');
    });
    const refreshed = page.waitForResponse('**/dmp/refreshToken');
    await page.goto(`${baseUrl}/index.html`);
    expect(await (await refreshed).json()).toMatchObject({ Code: 0 });
    await expect(page.getByTestId('current-user-name')).toHaveText('赵管理');

    const after = await localStorageOf(page);
    expect(after.UniWimAuthorization).not.toBe(before.UniWimAuthorization);
    expect(after.uniwater_utoken).toBe(after.UniWimAuthorization);
    expect(after.UniWimRefreshToken).not.toBe(before.UniWimRefreshToken);
    expect(Number(after.tokenTime)).toBeGreaterThan(Date.now() + 60_000);
    expect(refreshCalls).toEqual([JSON.stringify({ refreshToken: before.UniWimRefreshToken })]);
  });

  test('a refused refresh shows an alert only OK dismisses, then logs out', async ({ page }) => {
    await signIn(page, { account: 'water.op', expectedName: '李运维' });
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => {
      localStorage.setItem('UniWimRefreshToken', 'not-a-refresh-token');
      localStorage.setItem('tokenTime', String(Date.now() - 1_000));
    });
    await page.goto(`${baseUrl}/index.html`);

    const alert = page.locator('.ant-modal-confirm');
    await expect(alert).toBeVisible();
    await expect(alert.locator('.ant-modal-confirm-title')).toHaveText('提示');
    await expect(alert.locator('.ant-modal-confirm-content')).not.toBeEmpty();
    await expect(alert.locator('.ant-modal-close')).toHaveCount(0);
    // The token data is gone already.
    expect((await localStorageOf(page)).UniWimAuthorization).toBeUndefined();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/index.html`);

    // antd spaces out two-character Chinese button texts: "确 定".
    await alert.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(page).toHaveURL(`${baseUrl}/login.html`);
    await expect(page.getByTestId('login-panel')).toBeVisible();
  });

  test('index.html with a token the server does not know logs out', async ({ page }) => {
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => localStorage.setItem('UniWimAuthorization', 'some-token'));
    const logoutCall = page.waitForRequest('**/uniwim/ump/loginLog/logOut');
    await page.goto(`${baseUrl}/index.html`);
    await logoutCall;
    await expect(page).toHaveURL(`${baseUrl}/login.html`);
    expect((await localStorageOf(page)).UniWimAuthorization).toBeUndefined();
  });

  test('in pop-up mode the opener is told who signed in, and the pop-up stays', async ({ page }) => {
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(() => {
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      window.addEventListener('message', (event) => {
        if (event.origin === location.origin) received.push(event.data);
      });
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => window.open('/login.html?loginPop=1', 'login')),
    ]);
    await expect(popup.getByTestId('account-login-form')).toBeVisible();
    await submitSignIn(popup, { account: 'water.admin' });
    await expect(popup.getByTestId('login-info')).toHaveText('登录成功');
    await expect(popup).toHaveURL(`${baseUrl}/login.html?loginPop=1`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toEqual([
        { type: 'uniwim-login', user: expect.objectContaining({ username: 'water.admin', name: '王管理' }) },
      ]);
  });
});
