import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** A web build in the shape Vite writes it: login.html with its script and style sheets. */
const writeWebBuild = (): string => {
  const dist = mkdtempSync(path.join(tmpdir(), 'uniwim-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'login.html'),
    [
      '<!doctype html>',
      '<html lang="zh-CN">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '    <title>企业云平台</title>',
      '    <script type="module" crossorigin src="/assets/login-a1.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/login-b2.css">',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(dist, 'assets', 'login-a1.js'), script);
  writeFileSync(path.join(dist, 'assets', 'login-a1.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'login-b2.css'), '.login-page{display:flex}\n');
  return dist;
};

describe.each(testBackends())('login.html rendered for its tenant on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let webDist: string;

  beforeAll(async () => {
    infra = await backend.open();
    webDist = writeWebBuild();
    app = await startTestApp(infra, { WEB_DIST_DIR: webDist }, { serveWeb: true });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const loginPage = (query = '', host = 'localhost') =>
    app.server.inject({ method: 'GET', url: `/login.html${query}`, headers: { host } });

  it("paints the platform's look, with the page's styles inline and its script started after the paint", async () => {
    const res = await loginPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // It depends on configuration that can change at any time: a cache must ask again every time.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<style>.login-page{display:flex}</style>');
    expect(res.body).not.toContain('login-b2.css');
    // The script starts after the first paint, from the one inline loader, which the policy allows by
    // its hash on this answer only.
    expect(res.body).not.toContain('<script type="module"');
    const loader = /<script>([\s\S]+?)<\/script><\/body>/.exec(res.body)?.[1];
    expect(loader).toContain('"/assets/login-a1.js"');
    const hash = createHash('sha256').update(loader!, 'utf8').digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    const other = await app.server.inject({ method: 'GET', url: '/ump/key' });
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.body).toContain('<title>企业云平台</title>');
    expect(res.body).toContain('<img class="login-logo__image" src="/brand/platform-logo.svg"');
    expect(res.body).toContain('<span>© 2026 企业云平台</span>');
    expect(res.body.match(/<script\b/g)).toHaveLength(1);
  });

  it('takes the tenant from ?tenant= or from a domain it owns, as GET /ump/cfg-encrypt does', async () => {
    const energy = (await loginPage('?tenant=energy')).body;
    expect(energy).toContain('<title>示范能源公司 · 能源管理平台</title>');
    expect(energy).toContain('<link rel="icon" href="/brand/energy-favicon.svg">');
    expect(energy).not.toContain('login-bg');
    expect(energy).toContain('border-top: 4px solid #fa8c16');

    const water = (await loginPage('', 'water.localhost:3000')).body;
    expect(water).toContain('<title>示范水务集团 · 智慧水务云</title>');
    expect(water).toContain('<img class="login-bg" src="/brand/water-bg.svg" alt="">');
    expect(water).toContain('<span>© 2026 示范水务集团 版权所有</span>');
  });

  it('shows the default look for an unknown or overlong tenant, as the page does on TENANT_NOT_FOUND', async () => {
    for (const query of ['?tenant=no-such-tenant', `?tenant=${'x'.repeat(101)}`]) {
      const res = await loginPage(query);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>企业云平台</title>');
      expect(res.body).toContain('login-logo__wordmark');
      expect(res.body).not.toContain('/brand/');
    }
  });

  it('shows a saved change at once, escaped', async () => {
    const token = await tokenFor(app, infra.db, 'water.admin', 't-water');
    const saved = await app.server.inject({
      method: 'POST',
      url: '/dmp/tenant/sysConfig/save',
      headers: bearer(token),
      payload: { title: '水务 <b>新</b> & "名"', customCss: '.x{content:"</style><script>"}' },
    });
    expect(saved.statusCode).toBe(200);
    const body = (await loginPage('?tenant=water')).body;
    expect(body).toContain('<title>水务 &lt;b&gt;新&lt;/b&gt; &amp; &quot;名&quot;</title>');
    expect(body).toContain(
      '<style data-origin="tenant-custom-css">.x{content:"\\3c /style>\\3c script>"}</style>',
    );
    expect(body.match(/<script\b/g)).toHaveLength(1);
  });

  it("sends the build's precompressed files to browsers that accept them, varying on Accept-Encoding", async () => {
    const gzipped = await app.server.inject({
      method: 'GET',
      url: '/assets/login-a1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.server.inject({ method: 'GET', url: '/assets/login-a1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toContain('console.log');
  });

  it('serves a new build of the page without a restart', async () => {
    const page = path.join(webDist, 'login.html');
    writeFileSync(page, readFileSync(page, 'utf8').replace('login-a1.js', 'login-c3.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(page, later, later);
    const body = (await loginPage()).body;
    expect(body).toContain('"/assets/login-c3.js"');
    expect(body).not.toContain('login-a1.js');
    expect(body).toContain('<img class="login-logo__image" src="/brand/platform-logo.svg"');
  });
});
