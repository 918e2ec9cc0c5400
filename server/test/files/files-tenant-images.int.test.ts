import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PNG_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';

const SETTINGS = '/ump/admin/tenant-settings';

/** Issue 14: the sign-in look's images go through the files module and are tracked by the look. */
describe.each(testBackends())('sign-in look images as stored files on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let energyAdmin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, { FILES_ORPHAN_GRACE_HOURS: '0' });
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = waterAdmin,
  ) => app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const uploadImage = async (headers = waterAdmin) => {
    const body = multipartFile(PNG_BYTES, 'background.png');
    const answer = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/files/upload?purpose=image',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().Response as { id: string; url: string };
  };
  const saveLook = async (change: Record<string, unknown>, headers = waterAdmin) => {
    const current = (await call('GET', SETTINGS, undefined, headers)).json().Response;
    return call(
      'PUT',
      SETTINGS,
      { version: current.version, signInLook: { ...current.settings.signInLook, ...change } },
      headers,
    );
  };

  it('stores the settings page’s image uploads as files of the tenant', async () => {
    const uploaded = await call('POST', `${SETTINGS}/images`, {
      fileName: 'logo.png',
      data: PNG_BYTES.toString('base64'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().Response;
    const id = url.split('/').pop();
    const listed = (await call('GET', `/ump/admin/files/${id}`)).json().Response;
    expect(listed).toMatchObject({ name: 'logo.png', purpose: 'image', contentType: 'image/png' });
    // Anonymous visitors of the sign-in page see it.
    expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('records the images, banners and CSS images the look shows; they are kept and cannot be deleted', async () => {
    const background = await uploadImage();
    const banner = await uploadImage();
    const inCss = await uploadImage();
    const saved = await saveLook({
      loginBackground: background.url,
      appBannerList: [banner.url],
      customCss: `.login-panel{background:url(${inCss.url})}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.settings.signInLook.customCss).toContain(inCss.url);
    for (const file of [background, banner, inCss]) {
      const references = (await call('GET', `/ump/admin/files/${file.id}/references`)).json().Response;
      expect(references).toEqual([
        {
          resource: 'tenant-settings',
          recordId: 't-water',
          field: 'signInLook',
          createdAt: expect.any(String),
        },
      ]);
      expect((await call('DELETE', `/ump/admin/files/${file.id}`)).json().Error).toBe('FILE_IN_USE');
    }
    await app.services.files.sweepUnused();
    expect((await app.server.inject({ method: 'GET', url: background.url })).statusCode).toBe(200);

    // The banner is taken off the look: nothing uses it any more, and the sweep removes it.
    expect((await saveLook({ appBannerList: [] })).statusCode).toBe(200);
    await app.services.files.sweepUnused();
    expect((await app.server.inject({ method: 'GET', url: banner.url })).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: background.url })).statusCode).toBe(200);
  });

  it('refuses a look that shows another tenant’s file, and saves nothing', async () => {
    const energyImage = await uploadImage(energyAdmin);
    const before = (await call('GET', SETTINGS)).json().Response;
    const refused = await saveLook({ logo: energyImage.url });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().Error).toBe('FILE_NOT_FOUND');
    expect((await call('GET', SETTINGS)).json().Response.version).toBe(before.version);
  });

  it('keeps serving images uploaded before the files module at their old urls', async () => {
    const name = `${createHash('sha256').update(PNG_BYTES).digest('hex')}.png`;
    const folder = path.join(app.config.dataDir, 'tenant-files', 't-water');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, name), PNG_BYTES);
    const served = await app.server.inject({ method: 'GET', url: `/ump/tenant-files/t-water/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
  });
});
