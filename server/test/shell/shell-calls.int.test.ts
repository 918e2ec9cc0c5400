import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/modules/applications/schema';
import { SEND_TO_SELF_PER_MINUTE } from '../../src/modules/messages/service';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { outboxMessages } from '../support/sms-outbox';
import { startTestApp, type TestApp } from '../support/test-app';

const SEEDED_PACKAGE = path.resolve(import.meta.dirname, '../../seed/packages/devices-1.2.0.zip');

describe.each(testBackends())('shell calls on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterOp: string;
  let energyStaff: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterOp = await tokenFor(app, infra.db, 'water.op', 't-water');
    energyStaff = await tokenFor(app, infra.db, 'energy.staff', 't-energy');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const post = (url: string, token: string | null, payload: object) =>
    app.server.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
  const get = (url: string, token: string | null) =>
    app.server.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  describe('application packages', () => {
    it('answers a download link that serves the seeded package without a token', async () => {
      const res = await post('/package-api/appPackage/search', waterOp, { appKey: 'devices' });
      expect(res.statusCode).toBe(200);
      const { zip, fileName, size } = res.json().Response;
      expect(zip).toMatch(/^\/package-api\/appPackage\/download\/devices\?ticket=[A-Za-z0-9_-]{43}$/);
      expect(fileName).toBe('devices-1.2.0.zip');
      const original = readFileSync(SEEDED_PACKAGE);
      expect(size).toBe(original.length);

      const download = await app.server.inject({ method: 'GET', url: zip });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.headers['content-disposition']).toContain('filename="devices-1.2.0.zip"');
      expect(download.rawPayload.equals(original)).toBe(true);
      // The link may be used again (a resumed download) until it expires.
      expect((await app.server.inject({ method: 'GET', url: zip })).statusCode).toBe(200);
    });

    it('refuses a made-up or mismatched link', async () => {
      const { zip } = (await post('/package-api/appPackage/search', waterOp, { appKey: 'devices' })).json()
        .Response;
      const ticket = new URL(zip, 'http://x').searchParams.get('ticket');
      for (const url of [
        `/package-api/appPackage/download/devices?ticket=${'a'.repeat(43)}`,
        `/package-api/appPackage/download/knowledge?ticket=${ticket}`,
      ]) {
        const res = await app.server.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().Error).toBe('DOWNLOAD_LINK_EXPIRED');
      }
      for (const url of [
        `/package-api/appPackage/download/..%2F..%2Fetc%2Fpasswd?ticket=${ticket}`,
        '/package-api/appPackage/download/devices',
      ]) {
        expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(400);
      }
    });

    it('answers 暂无下载包 for an application without a package', async () => {
      const res = await post('/package-api/appPackage/search', waterOp, { appKey: 'knowledge' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Code: 40420, Message: '暂无下载包', Error: 'NO_DOWNLOAD_PACKAGE' });
    });

    it('never serves a package path that leaves the packages folder', async () => {
      await infra.db.asPlatform((tx) =>
        tx
          .update(applications)
          .set({ packagePath: '../pglite/PG_VERSION' })
          .where(eq(applications.appKey, 'knowledge')),
      );
      try {
        const res = await post('/package-api/appPackage/search', waterOp, { appKey: 'knowledge' });
        expect(res.json().Error).toBe('NO_DOWNLOAD_PACKAGE');
      } finally {
        await infra.db.asPlatform((tx) =>
          tx.update(applications).set({ packagePath: null }).where(eq(applications.appKey, 'knowledge')),
        );
      }
    });

    it('refuses applications the tenant is not empowered to use, and unknown ones', async () => {
      const notEmpowered = await post('/package-api/appPackage/search', energyStaff, { appKey: 'knowledge' });
      expect(notEmpowered.statusCode).toBe(403);
      expect(notEmpowered.json().Error).toBe('APPLICATION_NOT_EMPOWERED');
      const unknown = await post('/package-api/appPackage/search', waterOp, { appKey: 'nothing' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().Error).toBe('NOT_FOUND');
      const bad = await post('/package-api/appPackage/search', waterOp, { appKey: '../x' });
      expect(bad.statusCode).toBe(400);
      expect((await post('/package-api/appPackage/search', null, { appKey: 'devices' })).statusCode).toBe(
        401,
      );
    });

    it("lists the tenant's applications with their packages for the download page", async () => {
      const res = await get('/package-api/appPackage/list', waterOp);
      expect(
        res.json().Response.map((a: { appKey: string; hasPackage: boolean }) => [a.appKey, a.hasPackage]),
      ).toEqual([
        ['workbench', false],
        ['knowledge', false],
        ['devices', true],
      ]);
      const energy = await get('/package-api/appPackage/list', energyStaff);
      expect(
        energy
          .json()
          .Response.map((a: { appKey: string }) => a.appKey)
          .sort(),
      ).toEqual(['devices', 'workbench']);
    });
  });

  describe('dictionaries and parameters', () => {
    it("answers each code's active items: the platform's, with the tenant's changes and additions", async () => {
      const water = await post('/ump/dictionary/getValueByCode', waterOp, {
        codes: ['device_type', 'device_status', 'nothing'],
      });
      expect(water.statusCode).toBe(200);
      const values = water.json().Response;
      // Water switched the sensor off for itself and added the hydrant.
      expect(values.device_type.map((i: { value: string }) => i.value)).toEqual([
        'pump',
        'valve',
        'meter',
        'hydrant',
      ]);
      expect(values.device_status[0]).toEqual({
        value: 'online',
        name: '在线',
        nameEn: 'Online',
        color: 'green',
        sort: 1,
      });
      expect(values.nothing).toEqual([]);
      // Codes asked in the earlier camelCase style still find their type, answered under the asked code.
      const energy = await post('/ump/dictionary/getValueByCode', energyStaff, {
        codes: 'deviceType, device_status',
      });
      expect(Object.keys(energy.json().Response)).toEqual(['deviceType', 'device_status']);
      expect(energy.json().Response.deviceType.map((i: { value: string }) => i.value)).toEqual([
        'pump',
        'valve',
        'meter',
        'sensor',
      ]);
    });

    it('refuses bad dictionary requests', async () => {
      for (const payload of [
        {},
        { codes: [] },
        { codes: ['bad code'] },
        { codes: Array(51).fill('a') },
        { codes: 1 },
      ]) {
        const res = await post('/ump/dictionary/getValueByCode', waterOp, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(
        (await post('/ump/dictionary/getValueByCode', null, { codes: ['device_type'] })).statusCode,
      ).toBe(401);
    });

    it("answers the tenant's parameters over the platform's defaults, those readable by clients", async () => {
      const all = await get('/ump/param/get', waterOp);
      expect(all.json().Response).toEqual({
        defaultPageSize: '20',
        mapCenter: '120.15,30.28',
        noticeRefreshSeconds: '60',
      });
      const one = await get('/ump/param/get?key=mapCenter', energyStaff);
      expect(one.json().Response).toEqual({ mapCenter: '116.40,39.90' });
      // A page in a frame passes its token in the query.
      const framed = await get(`/ump/param/get?key=defaultPageSize&uniwater_utoken=${waterOp}`, null);
      expect(framed.json().Response).toEqual({ defaultPageSize: '20' });
      const missing = await get('/ump/param/get?key=nothing', waterOp);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().Message).toBe('参数不存在：nothing');
      expect((await get('/ump/param/get?key=bad%20key', waterOp)).statusCode).toBe(400);
    });
  });

  describe('members by phone', () => {
    it('finds a member of the active tenant, with the number masked', async () => {
      const res = await get('/ump/user/getByPhone?phone=13900000001', waterOp);
      expect(res.statusCode).toBe(200);
      expect(res.json().Response).toMatchObject({
        username: 'water.admin',
        name: '王管理',
        mobile: '139****0001',
      });
    });

    it("never finds another tenant's users", async () => {
      const res = await get('/ump/user/getByPhone?phone=13700000001', waterOp);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ Error: 'NOT_FOUND', Message: '未找到该手机号对应的用户' });
      expect((await get('/ump/user/getByPhone?phone=12345', waterOp)).json().Message).toContain('手机号有误');
    });
  });

  describe('messages to oneself', () => {
    it("texts the signed-in user's own mobile, and no other", async () => {
      const res = await post('/uniwim/message/chat/sendMessageToSelf', waterOp, {
        sendMobile: '13900000002',
        content: '  设备 P-101 位置：一号泵房  ',
      });
      expect(res.statusCode).toBe(200);
      expect(outboxMessages(app.config.dataDir).at(-1)).toMatchObject({
        mobile: '13900000002',
        template: 'message',
        text: '设备 P-101 位置：一号泵房',
      });
      const other = await post('/uniwim/message/chat/sendMessageToSelf', waterOp, {
        sendMobile: '13900000001',
        content: 'hello',
      });
      expect(other.statusCode).toBe(403);
      expect(other.json().Error).toBe('NOT_OWN_MOBILE');
    });

    it('limits the content and the rate', async () => {
      const long = await post('/uniwim/message/chat/sendMessageToSelf', energyStaff, {
        sendMobile: '13700000002',
        content: '字'.repeat(301),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().Message).toContain('消息内容不能超过300个字');
      const empty = await post('/uniwim/message/chat/sendMessageToSelf', energyStaff, {
        sendMobile: '13700000002',
        content: '   ',
      });
      expect(empty.json().Message).toContain('消息内容不能为空');
      const sent = outboxMessages(app.config.dataDir).length;
      const answers = [];
      for (let i = 0; i <= SEND_TO_SELF_PER_MINUTE.limit; i++) {
        answers.push(
          await post('/uniwim/message/chat/sendMessageToSelf', energyStaff, {
            sendMobile: '13700000002',
            content: `第${i}条`,
          }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([
        ...Array(SEND_TO_SELF_PER_MINUTE.limit).fill(200),
        429,
      ]);
      expect(outboxMessages(app.config.dataDir).length).toBe(sent + SEND_TO_SELF_PER_MINUTE.limit);
    });
  });

  it('documents every shell call in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/docs/json', null)).json().paths);
    for (const path of [
      '/ump/accessLog/saveLog',
      '/ump/accessTouristLog/saveLog',
      '/ump/user/getCasualUser',
      '/package-api/appPackage/search',
      '/package-api/appPackage/download/{appKey}',
      '/uniwim/message/chat/sendMessageToSelf',
      '/ump/dictionary/getValueByCode',
      '/ump/param/get',
      '/ump/user/getByPhone',
      '/dmp/getTenantUserOauth',
      '/dmp/changeTenant',
      '/dmp/changeTenantToken',
      '/dmp/changePlatformToken',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
