import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseUrl, screenshotPath } from './support/environment';
import { recordPageProblems } from './support/page-problems';
import { submitSignIn } from './support/sign-in';

/** A PNG of `size`×`size` pixels in one colour, made here so the test owns its bytes. */
const png = (size: number, [r, g, b]: [number, number, number]): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * Issue 14, /resourceManagement: water's administrator uploads an image into the tenant's file
 * library, sees it listed with its thumbnail and the storage it takes, previews it, and makes an
 * expiring link that opens the file for someone who is not signed in.
 */
test('the tenant administrator uploads a file, previews it and shares a link', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const problems = recordPageProblems(page);
  await page.goto(`${baseUrl}/login.html`);
  await submitSignIn(page, { account: 'water.admin' });
  await expect(page).toHaveURL(/\/(index|admin)\.html/);

  await page.goto(`${baseUrl}/page.html#/resourceManagement`);
  const files = page.getByTestId('admin-page-files');
  await expect(files).toBeVisible();
  await expect(page.getByTestId('files-usage-line')).toContainText('已用');

  const name = `管网示意图-${Date.now().toString(36)}.png`;
  await page.getByTestId('files-upload').click();
  const dialog = page.getByRole('dialog', { name: '上传到文件库' });
  await dialog.getByTestId('files-upload-purpose').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('图片').click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: png(48, [0, 120, 215]) });
  // The upload list marks the file done once the server stored it.
  await expect(dialog.locator('.ant-upload-list-item-done', { hasText: name })).toBeVisible();
  await dialog.getByRole('button', { name: /^关\s+闭$/ }).click();

  const row = files.locator('.ant-table-row', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('图片');
  // The thumbnail is the image itself, decoded by the browser.
  const thumbnail = row.getByTestId('file-thumbnail');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await page.screenshot({ path: screenshotPath('files-page'), fullPage: true });

  await row.getByTestId('file-preview').click();
  const preview = page.getByRole('dialog', { name: `预览：${name}` });
  const shown = preview.locator('img.ant-image-img');
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await preview.getByRole('button', { name: '关闭', exact: true }).click();

  await row.getByTestId('file-copy-link').click();
  const share = page.getByRole('dialog', { name: `分享链接：${name}` });
  await share.getByTestId('file-link-make').click();
  const link = (await share.getByTestId('file-link-url').locator('code').textContent())!.trim();
  expect(link).toMatch(/\/ump\/files\/f-[0-9a-f-]+\?expires=\d+&signature=/);

  // Someone who is not signed in opens the link.
  const stranger = await browser.newContext();
  const answer = await stranger.request.get(link);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  await stranger.close();
  expect(problems).toEqual([]);
});
