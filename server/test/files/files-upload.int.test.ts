import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { EXE_BYTES, multipartFile, PDF_BYTES, PNG_BYTES } from '../support/multipart';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(testBackends())('file uploads on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Record<string, string>;
  let energyAdmin: Record<string, string>;
  let platformAdmin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, { FILES_TENANT_QUOTA_BYTES: String(64 * 1024) });
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const upload = (
    content: Buffer,
    filename: string,
    { purpose = 'attachment', headers = waterAdmin, scope = 'ump', field = 'file' } = {},
  ) => {
    const body = multipartFile(content, filename, { field });
    return app.server.inject({
      method: 'POST',
      url: `/${scope}/admin/files/upload?purpose=${purpose}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('decides the type from the content: a PNG named .exe is a PNG', async () => {
    const answer = await upload(PNG_BYTES, 'photo.exe', { purpose: 'image' });
    expect(answer.statusCode).toBe(200);
    const stored = answer.json().Response;
    expect(stored).toMatchObject({ name: 'photo.exe', contentType: 'image/png', size: PNG_BYTES.length });
    expect(stored.url).toBe(`/ump/files/${stored.id}`);
    const served = await app.server.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    // Saved under the extension of what it really is.
    expect(served.headers['content-disposition']).toContain('photo.png');
  });

  it('refuses an executable named .png, whatever the purpose', async () => {
    for (const purpose of ['image', 'attachment', 'document', 'package']) {
      const answer = await upload(EXE_BYTES, 'innocent.png', { purpose });
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toMatchObject({
        Code: 40074,
        Error: 'FILE_TYPE_NOT_ALLOWED',
        Message: '不允许上传可执行文件',
      });
    }
  });

  it('holds each purpose to its kinds', async () => {
    expect((await upload(PDF_BYTES, 'manual.pdf', { purpose: 'image' })).statusCode).toBe(415);
    expect((await upload(PDF_BYTES, 'manual.pdf', { purpose: 'package' })).statusCode).toBe(415);
    const doc = await upload(PDF_BYTES, 'manual', { purpose: 'document' });
    expect(doc.json().Response.contentType).toBe('application/pdf');
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
      'a.svg',
      {
        purpose: 'image',
      },
    );
    expect(svg.statusCode).toBe(415);
  });

  it('refuses an empty file, a missing part and a body that is not multipart', async () => {
    expect((await upload(Buffer.alloc(0), 'empty.txt')).json().Error).toBe('FILE_EMPTY');
    expect((await upload(PNG_BYTES, 'a.png', { field: 'other' })).json().Error).toBe('FILE_PART_MISSING');
    const json = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/files/upload?purpose=image',
      headers: waterAdmin,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const badPurpose = await upload(PNG_BYTES, 'a.png', { purpose: 'virus' });
    expect(badPurpose.statusCode).toBe(400);
  });

  it('needs a token and the file:upload code', async () => {
    expect((await upload(PNG_BYTES, 'a.png', { headers: {} })).statusCode).toBe(401);
    const platform = await upload(PNG_BYTES, 'logo.png', {
      purpose: 'image',
      scope: 'dmp',
      headers: platformAdmin,
    });
    expect(platform.statusCode).toBe(200);
  });

  it('serves a tenant document only to its own tenant', async () => {
    const stored = (await upload(Buffer.from('hello, water'), 'note.txt')).json().Response;
    expect(stored.contentType).toBe('text/plain');
    expect((await app.server.inject({ method: 'GET', url: stored.url })).statusCode).toBe(401);
    const own = await app.server.inject({ method: 'GET', url: stored.url, headers: waterAdmin });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(own.body).toBe('hello, water');
    const other = await app.server.inject({ method: 'GET', url: stored.url, headers: energyAdmin });
    expect(other.statusCode).toBe(404);
    // One part of it, as PDF viewers and resumed downloads ask.
    const part = await app.server.inject({
      method: 'GET',
      url: stored.url,
      headers: { ...waterAdmin, range: 'bytes=7-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 7-11/12');
    expect(part.body).toBe('water');
    const outside = await app.server.inject({
      method: 'GET',
      url: stored.url,
      headers: { ...waterAdmin, range: 'bytes=50-' },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */12');
  });

  it('holds a tenant to its quota, and tells it before reading when it is full', async () => {
    const big = Buffer.alloc(40 * 1024, 'a');
    expect((await upload(big, 'a.txt', { headers: energyAdmin })).statusCode).toBe(200);
    const over = await upload(big, 'b.txt', { headers: energyAdmin });
    expect(over.statusCode).toBe(413);
    expect(over.json().Error).toBe('FILE_QUOTA_EXCEEDED');
    // The platform's own files are not counted against any tenant.
    expect((await upload(big, 'c.txt', { scope: 'dmp', headers: platformAdmin })).statusCode).toBe(200);
  });
});
