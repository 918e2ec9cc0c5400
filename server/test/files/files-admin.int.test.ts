import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PDF_BYTES, PNG_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(testBackends())('the files page on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let energyAdmin: Record<string, string>;
  let platformAdmin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    // No grace period: a file nothing uses is swept at the next sweep.
    app = await startTestApp(infra, { FILES_ORPHAN_GRACE_HOURS: '0' });
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const upload = async (
    content: Buffer,
    filename: string,
    { purpose = 'attachment', headers = waterAdmin, scope = 'ump', keep = true } = {},
  ) => {
    const body = multipartFile(content, filename);
    const answer = await app.server.inject({
      method: 'POST',
      url: `/${scope}/admin/files/upload?purpose=${purpose}${keep ? '&keep=true' : ''}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().Response as { id: string; url: string; size: number };
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers = waterAdmin,
    payload?: object,
  ) => app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const use = (tenantId: string, fileIds: string[], recordId: string) =>
    infra.db.withTenant(tenantId, (tx) =>
      app.services.files.use(tx, fileIds, { resource: 'menus', recordId, field: 'effectDrawing' }),
    );

  it('lists the tenant’s own files with their kind, size and use, filtered and sorted', async () => {
    const pdf = await upload(PDF_BYTES, '管网图.pdf', { purpose: 'document' });
    await upload(PNG_BYTES, 'logo.png', { purpose: 'image' });
    await upload(Buffer.from('energy'), 'energy.txt', { headers: energyAdmin });
    const list = (await call('GET', '/ump/admin/files?sort=name')).json().Response;
    expect(list.items.map((row: { name: string }) => row.name)).toEqual(['logo.png', '管网图.pdf']);
    expect(list.items[1]).toMatchObject({
      id: pdf.id,
      kind: 'pdf',
      size: PDF_BYTES.length,
      previewable: true,
      referenceCount: 0,
      uploadedByName: expect.any(String),
    });
    const images = (await call('GET', '/ump/admin/files?kind=image')).json().Response;
    expect(images.items.map((row: { name: string }) => row.name)).toEqual(['logo.png']);
    const searched = (await call('GET', `/ump/admin/files?q=${encodeURIComponent('管网')}`)).json().Response;
    expect(searched.total).toBe(1);
    // The platform's page lists its own files, not the tenants'.
    const platform = (await call('GET', '/dmp/admin/files', platformAdmin)).json().Response;
    expect(platform.items.some((row: { name: string }) => row.name === 'logo.png')).toBe(false);
  });

  it('shows which records use a file and refuses to delete it while any does', async () => {
    const file = await upload(PNG_BYTES, 'drawing.png', { purpose: 'image' });
    await use('t-water', [file.id], 'menu-1');
    const references = (await call('GET', `/ump/admin/files/${file.id}/references`)).json().Response;
    expect(references).toEqual([
      { resource: 'menus', recordId: 'menu-1', field: 'effectDrawing', createdAt: expect.any(String) },
    ]);
    expect((await call('GET', `/ump/admin/files/${file.id}`)).json().Response.referenceCount).toBe(1);
    const refused = await call('DELETE', `/ump/admin/files/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Code: 40970, Error: 'FILE_IN_USE' });
    expect(refused.json().Message).toContain('menus/menu-1');
    // Still served, still listed.
    expect((await call('GET', file.url, {})).statusCode).toBe(200);

    // The record lets go of it (its field now holds nothing): the delete goes through.
    await use('t-water', [], 'menu-1');
    const deleted = await call('DELETE', `/ump/admin/files/${file.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', file.url, {})).statusCode).toBe(404);
    expect((await call('GET', `/ump/admin/files/${file.id}`)).statusCode).toBe(404);
  });

  it('never lets a record use another tenant’s file', async () => {
    const energyFile = await upload(Buffer.from('energy only'), 'e.txt', { headers: energyAdmin });
    await expect(use('t-water', [energyFile.id], 'menu-2')).rejects.toMatchObject({
      errorName: 'FILE_NOT_FOUND',
    });
    expect((await call('GET', `/ump/admin/files/${energyFile.id}/references`)).statusCode).toBe(404);
    expect((await call('DELETE', `/ump/admin/files/${energyFile.id}`)).statusCode).toBe(404);
  });

  it('gives signed links that anyone may open until they expire', async () => {
    const file = await upload(Buffer.from('shared notes'), 'notes.txt');
    expect((await call('GET', file.url, {})).statusCode).toBe(401);
    const answer = (
      await call('POST', `/ump/admin/files/${file.id}/link`, waterAdmin, { expiresInSeconds: 600 })
    ).json().Response;
    expect(answer.link.url).toMatch(new RegExp(`^/ump/files/${file.id}\\?expires=\\d+&signature=`));
    expect(Date.parse(answer.link.expiresAt) - Date.now()).toBeGreaterThan(590_000);
    const opened = await call('GET', answer.link.url, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('shared notes');

    // A link made 20 minutes ago for 10 minutes has expired.
    const old = await app.services.files.signedLink(file.id, 600, { nowMs: Date.now() - 20 * 60_000 });
    const expired = await call('GET', old.url, {});
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ Code: 40370, Error: 'FILE_LINK_INVALID' });
    // Stretching the expiry, or moving the signature to another file, breaks it.
    const stretched = answer.link.url.replace(
      /expires=(\d+)/,
      (_: string, n: string) => `expires=${Number(n) + 3600}`,
    );
    expect((await call('GET', stretched, {})).statusCode).toBe(403);
    const other = await upload(Buffer.from('other'), 'other.txt');
    expect((await call('GET', answer.link.url.replace(file.id, other.id), {})).statusCode).toBe(403);
    // The link was logged as the operator's action.
    const history = (await call('GET', `/ump/admin/files/${file.id}/history`)).json().Response;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['link', 'upload']);
  });

  it('shows the tenant’s storage in use against its quota, which the platform sets', async () => {
    const before = (await call('GET', '/ump/admin/files/usage', energyAdmin)).json().Response;
    expect(before).toMatchObject({ quotaBytes: 5 * 1024 ** 3, orphanGraceHours: 0 });
    expect(before.maxBytes.package).toBe(200 * 1024 * 1024);
    const set = await call('PUT', '/dmp/admin/files/quotas/t-energy', platformAdmin, {
      quotaBytes: before.usedBytes + 10,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().Response).toMatchObject({
      ownQuotaBytes: before.usedBytes + 10,
      quotaBytes: before.usedBytes + 10,
    });
    const body = multipartFile(Buffer.alloc(100, 'x'), 'too-much.txt');
    const over = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/files/upload?purpose=attachment',
      headers: { ...energyAdmin, ...body.headers },
      payload: body.payload,
    });
    expect(over.json().Error).toBe('FILE_QUOTA_EXCEEDED');
    // Only the platform sets quotas.
    expect(
      (await call('PUT', '/dmp/admin/files/quotas/t-energy', waterAdmin, { quotaBytes: null })).statusCode,
    ).toBe(403);
    await call('PUT', '/dmp/admin/files/quotas/t-energy', platformAdmin, { quotaBytes: null });
    expect((await call('GET', '/ump/admin/files/usage', energyAdmin)).json().Response.quotaBytes).toBe(
      5 * 1024 ** 3,
    );
    expect(
      (await call('PUT', '/dmp/admin/files/quotas/no-such-tenant', platformAdmin, { quotaBytes: 1 }))
        .statusCode,
    ).toBe(404);
    // The tenant register shows the same figure.
    const ledger = (await call('GET', '/dmp/admin/tenant-ledger/t-energy', platformAdmin)).json().Response;
    expect(ledger.storageUsedBytes).toBe(before.usedBytes);
  });

  it('cleans up files nothing uses after the grace period, keeping the library’s and the used ones', async () => {
    const forgotten = await upload(Buffer.from('a form never saved'), 'draft.txt', { keep: false });
    const used = await upload(Buffer.from('in use'), 'used.txt', { keep: false });
    const kept = await upload(Buffer.from('in the library'), 'kept.txt', { keep: true });
    await use('t-water', [used.id], 'menu-3');
    const usageBefore = (await call('GET', '/ump/admin/files/usage')).json().Response;
    const swept = await app.services.files.sweepUnused();
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await call('GET', forgotten.url)).statusCode).toBe(404);
    expect((await call('GET', used.url)).statusCode).toBe(200);
    expect((await call('GET', kept.url)).statusCode).toBe(200);
    const usageAfter = (await call('GET', '/ump/admin/files/usage')).json().Response;
    expect(usageAfter.usedBytes).toBe(usageBefore.usedBytes - forgotten.size);
    expect(usageAfter.fileCount).toBe(usageBefore.fileCount - 1);
  });

  it('needs the file codes', async () => {
    expect((await call('GET', '/ump/admin/files', {})).statusCode).toBe(401);
    // A member whose roles grant no file code.
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const answer = await call('GET', '/ump/admin/files', member);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().Message).toContain('file:list');
    const body = multipartFile(PNG_BYTES, 'a.png');
    const uploaded = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/files/upload?purpose=image',
      headers: { ...member, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(403);
  });
});
