import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/modules/files/storage/s3-storage';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { multipartFile, PDF_BYTES, PNG_BYTES } from '../support/multipart';
import { startS3Fake } from '../support/s3-fake';
import { startTestApp, type TestApp } from '../support/test-app';

/** The S3 storage against a local S3-compatible server the test starts (s3rver), never a remote one. */
describe.each(testBackends())('files in an S3-compatible bucket on $name', (backend) => {
  let infra: TestInfrastructure;
  let s3: Awaited<ReturnType<typeof startS3Fake>>;
  let app: TestApp;
  let waterAdmin: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3Fake();
    infra = await backend.open();
    app = await startTestApp(infra, s3.env);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
    await s3?.close();
  });

  const storage = () =>
    createS3Storage({ ...app.config.files.s3!, endpoint: s3.endpoint, bucket: s3.bucket });

  const upload = (content: Buffer, filename: string, purpose = 'attachment') => {
    const body = multipartFile(content, filename);
    return app.server.inject({
      method: 'POST',
      url: `/ump/admin/files/upload?purpose=${purpose}`,
      headers: { ...waterAdmin, ...body.headers },
      payload: body.payload,
    });
  };

  it('uses the bucket when S3_* is set', () => {
    expect(app.services.files.storage.kind).toBe('s3');
  });

  it('stores an upload in the bucket and serves it back from there', async () => {
    const answer = await upload(PDF_BYTES, '说明书.pdf', 'document');
    expect(answer.statusCode).toBe(200);
    const stored = answer.json().Response;
    const object = await storage().read(`t-water/${stored.id}`);
    expect(object).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of object!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF_BYTES)).toBe(true);

    const served = await app.server.inject({ method: 'GET', url: stored.url, headers: waterAdmin });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('streams a large file through the bucket unchanged', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
    const stored = (await upload(big, 'big.bin')).json().Response;
    const served = await app.server.inject({ method: 'GET', url: stored.url, headers: waterAdmin });
    expect(served.rawPayload.equals(big)).toBe(true);
    const part = await app.server.inject({
      method: 'GET',
      url: stored.url,
      headers: { ...waterAdmin, range: 'bytes=1048576-1048675' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(big.subarray(1048576, 1048676))).toBe(true);
  });

  it('removes the object when a deleted file is purged', async () => {
    const stored = (await upload(PNG_BYTES, 'a.png', 'image')).json().Response;
    const files = app.services.files;
    const row = (await files.find(stored.id))!;
    await infra.db.withTenant('t-water', (tx) => files.remove(tx, row));
    expect((await app.server.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
    await files.purgeDeleted();
    expect(await storage().read(`t-water/${stored.id}`)).toBeNull();
  });

  // s3rver checks the access key (its signature check covers V2 only; our V4 signing is checked
  // against the published example in s3-signing.unit.test.ts).
  it('answers 503 FILE_STORAGE_UNAVAILABLE when the bucket refuses the credentials, and keeps nothing', async () => {
    const wrong = createS3Storage({ ...app.config.files.s3!, accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.check()).rejects.toThrow(/S3 HEAD answered 403/);
    const original = app.services.files.storage.putFile;
    // The running app's storage, pointed at the same bucket with the wrong secret for one upload.
    app.services.files.storage.putFile = wrong.putFile;
    try {
      const answer = await upload(PNG_BYTES, 'b.png', 'image');
      expect(answer.statusCode).toBe(503);
      expect(answer.json().Error).toBe('FILE_STORAGE_UNAVAILABLE');
    } finally {
      app.services.files.storage.putFile = original;
    }
    const usage = await app.services.files.usage('t-water');
    expect(usage.fileCount).toBe(2);
  });
});

const siblingBackends = testBackends().filter((b) => b.name !== 'pglite+memory');

/**
 * Issue 14: the S3-compatible bucket is what several instances share. Two instances with their own
 * DATA_DIR, one database and one bucket: a file uploaded on one is served, linked and deleted on the other.
 */
describe.each(siblingBackends)('two instances sharing files in a bucket on $name', (backend) => {
  let infra: TestInfrastructure;
  let sibling: Awaited<ReturnType<TestInfrastructure['openSibling']>>;
  let s3: Awaited<ReturnType<typeof startS3Fake>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    s3 = await startS3Fake();
    infra = await backend.open();
    sibling = await infra.openSibling();
    a = await startTestApp(infra, s3.env);
    b = await startTestApp(sibling, s3.env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sibling?.close();
    await infra?.close();
    await s3?.close();
  });

  it('serves on one instance what was uploaded on the other', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    const onA = bearer(await tokenFor(a, infra.db, 'water.admin', 't-water'));
    const body = multipartFile(PDF_BYTES, 'manual.pdf');
    const uploaded = await a.server.inject({
      method: 'POST',
      url: '/ump/admin/files/upload?purpose=document&keep=true',
      headers: { ...onA, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json().Response;

    const served = await b.server.inject({ method: 'GET', url: file.url, headers: onA });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF_BYTES)).toBe(true);
    // A link signed by one instance opens on the other (the key is in the database).
    const link = (
      await a.server.inject({
        method: 'POST',
        url: `/ump/admin/files/${file.id}/link`,
        headers: onA,
        payload: {},
      })
    ).json().Response.link;
    expect((await b.server.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);

    // Deleted on B: gone on A too, from the bucket as well.
    expect(
      (await b.server.inject({ method: 'DELETE', url: `/ump/admin/files/${file.id}`, headers: onA }))
        .statusCode,
    ).toBe(200);
    await b.services.files.purgeDeleted();
    expect((await a.server.inject({ method: 'GET', url: file.url, headers: onA })).statusCode).toBe(404);
    expect(await a.services.files.storage.read(`t-water/${file.id}`)).toBeNull();
  });
});
