import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MenuItemNode } from '@uniwim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PNG_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';
import { samplePackage } from '../support/zip-builder';

const BASE = '/dmp/admin/versions';
const DEVICES = 'app-devices';
const SEEDED_PACKAGE = path.resolve(import.meta.dirname, '../../seed/packages/devices-1.2.0.zip');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type Headers = Record<string, string>;

/** The `version` (the shell's _v) of the application's items in a tree. */
const versionsIn = (nodes: MenuItemNode[], applicationId: string): string[] => [
  ...new Set(
    nodes.flatMap((node) => [
      ...(node.applicationId === applicationId ? [node.version] : []),
      ...versionsIn(node.children, applicationId),
    ]),
  ),
];

/** A version's package goes through the files module; what each tenant downloads follows its release. */
describe.each(testBackends())('version packages on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Headers;
  let waterOp: Headers;
  let energyStaff: Headers;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    energyStaff = bearer(await tokenFor(app, infra.db, 'energy.staff', 't-energy'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', BASE, { applicationId: DEVICES, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; version: number; [k: string]: unknown };
  };
  const read = async (id: string) => (await call('GET', `${BASE}/${id}`)).json().Response;
  const publish = async (id: string, body: Record<string, unknown>) => {
    const res = await call('POST', `${BASE}/${id}/publish`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const shellVersions = async () => {
    const of = async (headers: Headers) => {
      const res = await call('GET', '/ump/menu/userMenuTree', undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return versionsIn(res.json().Response, DEVICES).join(',');
    };
    return { water: await of(waterOp), energy: await of(energyStaff) };
  };

  const upload = async (bytes: Buffer, name: string, scope = 'dmp', headers = admin) => {
    const body = multipartFile(bytes, name);
    const res = await app.server.inject({
      method: 'POST',
      url: `/${scope}/admin/files/upload?purpose=package`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { id: string; sha256: string; name: string };
  };
  const search = async (headers: Headers) => {
    const res = await call('POST', '/package-api/appPackage/search', { appKey: 'devices' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const PACKAGE = samplePackage('devices-1.6.0');
  let v160: { id: string; version: number; packageFileId: string };

  it('checks an uploaded package and keeps its sha256 on the version', async () => {
    const file = await upload(PACKAGE, 'devices-1.6.0.zip');
    expect(file.sha256).toBe(sha256(PACKAGE));
    const checked = await call('POST', `${BASE}/check-package`, { fileId: file.id });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().Response).toEqual({
      fileId: file.id,
      name: 'devices-1.6.0.zip',
      size: PACKAGE.length,
      sha256: sha256(PACKAGE),
      entries: 2,
    });
    v160 = (await create({ versionNumber: '1.6.0', packageFileId: file.id })) as typeof v160;
    expect(v160).toMatchObject({
      packageFileId: file.id,
      packageName: 'devices-1.6.0.zip',
      packageSize: PACKAGE.length,
      packageSha256: sha256(PACKAGE),
      packageEntries: 2,
    });
    // The files module knows the version uses the file (its delete guard and clean-up read this).
    const references = await infra.db.asPlatform((tx) => app.services.files.referencesOf(tx, file.id));
    expect(references).toMatchObject([{ resource: 'versions', recordId: v160.id, field: 'packageFileId' }]);
  });

  it('decides the package per tenant: the released one here, the catalogue one there', async () => {
    await publish(v160.id, { scope: 'tenants', tenantIds: ['t-energy'] });
    expect(await shellVersions()).toEqual({ water: '1.2.0', energy: '1.6.0' });

    const energy = await search(energyStaff);
    expect(energy).toMatchObject({
      fileName: 'devices-1.6.0.zip',
      size: PACKAGE.length,
      version: '1.6.0',
      sha256: sha256(PACKAGE),
    });
    const downloaded = await app.server.inject({ method: 'GET', url: energy.zip });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/zip');
    expect(downloaded.headers['content-disposition']).toContain('filename="devices-1.6.0.zip"');
    expect(downloaded.rawPayload.equals(PACKAGE)).toBe(true);

    const water = await search(waterOp);
    expect(water).toMatchObject({ fileName: 'devices-1.2.0.zip', version: '1.2.0', sha256: null });
    const seeded = await app.server.inject({ method: 'GET', url: water.zip });
    expect(seeded.rawPayload.equals(readFileSync(SEEDED_PACKAGE))).toBe(true);
  });

  it("refuses an archive that cannot be read, a tenant's file, and a new package for a released version", async () => {
    const broken = Buffer.from(PACKAGE.subarray(0, PACKAGE.length - 30));
    const file = await upload(broken, 'broken.zip');
    const res = await call('POST', BASE, {
      applicationId: DEVICES,
      versionNumber: '1.7.0',
      packageFileId: file.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ Error: 'PACKAGE_NOT_READABLE', Code: 42253 });
    expect(res.json().Details[0].path).toBe('body.packageFileId');
    expect((await call('GET', `${BASE}?q=1.7.0`)).json().Response.total).toBe(0);

    const waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const tenantFile = await upload(PACKAGE, 'mine.zip', 'ump', waterAdmin);
    const foreign = await call('POST', BASE, {
      applicationId: DEVICES,
      versionNumber: '1.7.0',
      packageFileId: tenantFile.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Details[0].path).toBe('body.packageFileId');

    const png = multipartFile(PNG_BYTES, 'logo.png');
    const image = await app.server.inject({
      method: 'POST',
      url: '/dmp/admin/files/upload?purpose=image',
      headers: { ...admin, ...png.headers },
      payload: png.payload,
    });
    expect(image.statusCode, image.body).toBe(200);
    const notZip = await call('POST', `${BASE}/check-package`, { fileId: image.json().Response.id });
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().Message).toContain('不是 zip');

    const other = await upload(samplePackage('other'), 'other.zip');
    const current = await read(v160.id);
    const repackaged = await call('PUT', `${BASE}/${v160.id}`, {
      packageFileId: other.id,
      version: current.version,
    });
    expect(repackaged.statusCode).toBe(422);
    expect(repackaged.json().Error).toBe('VERSION_FROZEN');
    // Sent back unchanged (an edit form sends every field), the package is no change.
    const notes = await call('PUT', `${BASE}/${v160.id}`, {
      packageFileId: current.packageFileId,
      releaseNotes: '灰度到能源公司',
      version: current.version,
    });
    expect(notes.statusCode, notes.body).toBe(200);
  });
});
