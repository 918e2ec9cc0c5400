import { writeFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl, SEED_ADMIN_PASSWORD, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { phoneContextOptions, readQrImage, uidOfConfirmLink, y4mOfPicture } from './support/qr-code';
import { demoTenant } from './support/seed';
import { localStorageOf } from './support/sign-in';
import { codesSentTo, waitForSmsCode } from './support/sms-outbox';

const water = demoTenant('water');
const CONFIRM_LINK = new RegExp(
  `^${baseUrl.replace(/[.]/g, '\\.')}/mobile/index\\.html#/qr\\?uid=[A-Za-z0-9_-]{43}$`,
);

/** The PC: water's sign-in page in QR mode (1-2). */
const openQrPanel = async (page: Page) => {
  await page.goto(`${baseUrl}/login.html?tenant=${water.code}`);
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const panel = page.getByTestId('qr-login-panel');
  await expect(panel.getByRole('heading', { name: '二维码登录' })).toBeVisible();
  return panel;
};

const openPhone = async (browser: Browser) => {
  const context = await browser.newContext(phoneContextOptions);
  const phone = await context.newPage();
  return { context, phone, problems: recordPageProblems(phone) };
};

/** Server refusals the page shows on purpose also log a console error; everything else counts. */
const unexpected = (problems: string[], ...statuses: number[]) =>
  problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status}`)));

test.describe('QR code sign-in', () => {
  test('a phone signs in, confirms the code, and the PC lands on index.html signed in', async ({
    page,
    browser,
  }) => {
    const problems = recordPageProblems(page);
    const panel = await openQrPanel(page);
    const image = panel.getByTestId('qr-login-image');
    await expect(image).toBeVisible();
    expect(await image.boundingBox()).toMatchObject({ width: 220, height: 220 });
    const link = await readQrImage(image);
    expect(link).toMatch(CONFIRM_LINK);
    await page.screenshot({ path: screenshotPath('qr-login-code') });
    // The polling fallback asks about the code shown.
    const poll = await page.waitForRequest(`**/ump/scanQrcodeInterface?uuid=${uidOfConfirmLink(link)}`);
    expect(poll.method()).toBe('GET');
    // Hovering offers a refresh while the code waits for a scan.
    await panel.getByTestId('qr-login-code').hover();
    await expect(panel.getByTestId('qr-login-hover-refresh')).toBeVisible();
    await page.mouse.move(0, 0);

    const { context, phone, problems: phoneProblems } = await openPhone(browser);
    await phone.goto(link);
    // Not signed in: the phone signs in first, then comes back to the code.
    await expect(phone.getByTestId('mobile-qr-pending')).toBeVisible();
    await phone.screenshot({ path: screenshotPath('mobile-sign-in') });
    const form = phone.getByTestId('mobile-account-form');
    await form.getByPlaceholder('请输入账号').fill('water.op');
    await form.getByPlaceholder('请输入密码').fill(SEED_ADMIN_PASSWORD);
    await form.getByTestId('mobile-sign-in-submit').click();

    const confirm = phone.getByTestId('mobile-qr-confirm');
    await expect(confirm.getByTestId('mobile-qr-tenant')).toHaveText(water.name);
    await expect(confirm.getByTestId('mobile-qr-device')).toHaveText('Linux · Chrome');
    await expect(phone).toHaveURL(link);
    await phone.screenshot({ path: screenshotPath('mobile-qr-confirm') });

    // The PC shows the scan, and no longer offers the hover refresh.
    await expect(panel.getByText('扫码成功！')).toBeVisible();
    await panel.getByTestId('qr-login-code').hover();
    await expect(panel.getByTestId('qr-login-hover-refresh')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('qr-login-scanned') });

    await confirm.getByTestId('mobile-qr-confirm-button').click();
    await expect(phone.getByTestId('mobile-qr-result')).toHaveAttribute('data-result', 'confirmed');
    await expect(phone.getByText('已确认登录')).toBeVisible();

    await expect(page).toHaveURL(`${baseUrl}/index.html`);
    await expect(page.getByTestId('current-user-name')).toHaveText('李运维');
    const storage = await localStorageOf(page);
    expect(storage.UniWimTenantId).toBe(water.id);
    // The PC got a session of its own, not the phone's.
    expect(storage.UniWimAuthorization).toBeTruthy();
    expect(storage.UniWimAuthorization).not.toBe((await localStorageOf(phone)).UniWimAuthorization);

    // The phone's home: the user, the tenant, the user's applications (issue 25), and logout.
    await phone.getByTestId('mobile-qr-home').click();
    await expect(phone.getByTestId('mobile-user-name')).toHaveText('李运维');
    await expect(phone.getByTestId('mobile-user-tenant')).toContainText(water.name);
    await expect(phone.getByTestId('mobile-apps').locator('[data-menu-id="m-device-list"]')).toHaveText(
      '设备列表',
    );
    await phone.screenshot({ path: screenshotPath('mobile-home') });
    await phone.getByTestId('mobile-logout').click();
    await expect(phone.getByTestId('mobile-sign-in')).toBeVisible();
    expect((await localStorageOf(phone)).UniWimAuthorization).toBeUndefined();

    expect(problems).toEqual([]);
    expect(phoneProblems).toEqual([]);
    await context.close();
  });

  test('a broken socket shows the error state, and a click refreshes to a new code', async ({ page }) => {
    let connections = 0;
    const mocked: { send: (message: string) => void }[] = [];
    // Playwright's routes cannot see sockets; routeWebSocket can. Every socket reaches the real
    // server, and the test can add a message of its own.
    await page.routeWebSocket(/\/ump\/qrcodeLogin/, (socket) => {
      connections += 1;
      if (connections === 2) {
        // The second socket closes before any code.
        socket.close({ code: 1011, reason: 'broken' });
        return;
      }
      socket.connectToServer();
      mocked.push(socket);
    });
    const panel = await openQrPanel(page);
    const image = panel.getByTestId('qr-login-image');
    const first = await readQrImage(image);
    expect(first).toMatch(CONFIRM_LINK);

    // An unparsable message.
    mocked[0]!.send('this is not JSON');
    const error = panel.getByTestId('qr-login-error');
    await expect(error).toContainText('二维码获取失败');
    await panel.getByTestId('qr-login-code').hover();
    await expect(panel.getByTestId('qr-login-hover-refresh')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('qr-login-error') });

    // Refresh: the next socket fails before sending a code.
    await error.getByRole('button', { name: '点击刷新' }).click();
    await expect(error).toHaveCount(0);
    await expect(panel.getByTestId('qr-login-error')).toContainText('二维码获取失败');
    expect(connections).toBe(2);

    // Refresh again: a new code.
    await panel.getByTestId('qr-login-error').getByRole('button', { name: '点击刷新' }).click();
    const second = await readQrImage(image);
    expect(second).toMatch(CONFIRM_LINK);
    expect(uidOfConfirmLink(second)).not.toBe(uidOfConfirmLink(first));
    expect(connections).toBe(3);

    // The hover refresh replaces a shown code too.
    await panel.getByTestId('qr-login-code').hover();
    await panel.getByTestId('qr-login-hover-refresh').click();
    await expect.poll(() => connections).toBe(4);
    const third = await readQrImage(image);
    expect(uidOfConfirmLink(third)).not.toBe(uidOfConfirmLink(second));
  });

  test('the back icon and the register link leave the QR panel', async ({ page }) => {
    const panel = await openQrPanel(page);
    await panel.getByTestId('qr-login-back').click();
    await expect(page.getByTestId('account-login-form')).toBeVisible();
    await expect(page.getByTestId('qr-login-panel')).toHaveCount(0);

    await page.getByRole('tab', { name: '扫码登录' }).click();
    await page.getByTestId('qr-login-panel').getByTestId('qr-login-register').click();
    await expect(page.getByRole('heading', { name: '注册' })).toBeVisible();
  });

  test('a phone signed in by SMS pastes the link; another tenant’s user cannot confirm, and cancelling ends the code', async ({
    page,
    browser,
  }) => {
    const panel = await openQrPanel(page);
    const link = await readQrImage(panel.getByTestId('qr-login-image'));

    const { context, phone, problems: phoneProblems } = await openPhone(browser);
    // The mobile page signs in by itself.
    await phone.goto(`${baseUrl}/mobile/index.html`);
    await expect(phone.getByTestId('mobile-sign-in')).toBeVisible();
    await phone.getByRole('tab', { name: '短信登录' }).click();
    const form = phone.getByTestId('mobile-sms-form');
    const mobile = '13700000002'; // energy.staff (示范能源公司)
    await form.getByTestId('mobile-sms-mobile').fill(mobile);
    const seen = codesSentTo(mobile).length;
    await form.getByTestId('mobile-sms-send').click();
    await expect(form.getByTestId('mobile-sms-send')).toHaveText(/^已发送，\d{2}秒$/);
    await form.getByTestId('mobile-sms-code').fill(await waitForSmsCode(mobile, seen));
    await form.getByTestId('mobile-sms-submit').click();
    await expect(phone.getByTestId('mobile-user-name')).toHaveText('钱员工');

    const pasteLink = async () => {
      await phone.getByTestId('mobile-scan').click();
      await expect(phone.getByTestId('mobile-scanner')).toBeVisible();
      await phone.getByTestId('mobile-scan-paste').fill('not a link');
      await phone.getByTestId('mobile-scan-paste-submit').click();
      await expect(phone.getByTestId('mobile-scan-error')).toHaveText('未识别到登录二维码，请重试');
      await phone.screenshot({ path: screenshotPath('mobile-scan') });
      await phone.getByTestId('mobile-scan-paste').fill(link);
      await phone.getByTestId('mobile-scan-paste-submit').click();
      await expect(phone.getByTestId('mobile-qr-tenant')).toHaveText(water.name);
    };
    await pasteLink();
    await expect(panel.getByText('扫码成功！')).toBeVisible();

    // energy.staff is no member of water: the server refuses, and the phone says why.
    await phone.getByTestId('mobile-qr-confirm-button').click();
    const result = phone.getByTestId('mobile-qr-result');
    await expect(result).toHaveAttribute('data-result', 'failed');
    await expect(result).toContainText('该账号不属于此租户');
    await expect(panel.getByText('扫码成功！')).toBeVisible();

    // Back to the code (the same phone may open it again), and cancel: the PC's code ends.
    await phone.getByTestId('mobile-qr-home').click();
    await pasteLink();
    await phone.getByTestId('mobile-qr-cancel-button').click();
    await expect(phone.getByTestId('mobile-qr-result')).toHaveAttribute('data-result', 'cancelled');
    await expect(panel.getByTestId('qr-login-error')).toContainText('二维码获取失败');
    await expect(page).toHaveURL(`${baseUrl}/login.html?tenant=${water.code}`);

    expect(unexpected(phoneProblems, 403)).toEqual([]);
    await context.close();
  });

  test('the phone’s camera reads the code (the JavaScript decoder, loaded on demand)', async ({
    page,
    playwright,
    launchOptions,
  }, testInfo) => {
    const panel = await openQrPanel(page);
    const image = panel.getByTestId('qr-login-image');
    const link = await readQrImage(image);
    // Chromium's fake camera shows a video file: one frame holding the PC's code.
    const video = testInfo.outputPath('qr-camera.y4m');
    writeFileSync(video, y4mOfPicture(await image.screenshot()));
    const cameraBrowser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const { phone, problems } = await openPhone(cameraBrowser);
      await phone.goto(`${baseUrl}/mobile/index.html`);
      const form = phone.getByTestId('mobile-account-form');
      await form.getByPlaceholder('请输入账号').fill('water.admin');
      await form.getByPlaceholder('请输入密码').fill(SEED_ADMIN_PASSWORD);
      await form.getByTestId('mobile-sign-in-submit').click();
      const decoder = phone.waitForResponse(/\/assets\/jsQR-[^/]+\.js$/);
      await phone.getByTestId('mobile-scan').click();
      // Chromium on Linux has no BarcodeDetector: the JavaScript decoder is fetched now, not before.
      await decoder;
      await expect(phone.getByTestId('mobile-qr-tenant')).toHaveText(water.name);
      await expect(phone).toHaveURL(link);
      await phone.getByTestId('mobile-qr-confirm-button').click();
      await expect(page).toHaveURL(`${baseUrl}/index.html`);
      await expect(page.getByTestId('current-user-name')).toHaveText('王管理');
      expect(problems).toEqual([]);
    } finally {
      await cameraBrowser.close();
    }
  });
});
