import { defaultLoginConfig, type LoginConfig } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { renderLoginPage, renderLoginShell } from './render-login-page';

/** The shape of web/dist/login.html after page-template.ts has inlined its style sheets. */
const template = {
  html: [
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    '<title>企业云平台</title>',
    '<script type="module" crossorigin src="/assets/login-x.js"></script>',
    '<style>.login-page{display:flex}</style>',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n'),
  scriptSources: [],
};

const config = (fields: Partial<LoginConfig>): LoginConfig => ({ ...defaultLoginConfig(), ...fields });

const water = config({
  title: '示范水务集团 · 智慧水务云',
  logo: '/brand/water-logo.svg',
  favicon: '/brand/water-favicon.svg',
  loginBackground: '/brand/water-bg.svg',
  loginLeftBackground: '/brand/water-left.svg',
  copyright: '© 2026 示范水务集团 版权所有',
  customCss: '.login-panel { border-top: 4px solid #1677ff; }',
});

describe('renderLoginPage', () => {
  it("puts the tenant's title, favicon, images, copyright and customCss into the page", () => {
    const html = renderLoginPage(template, water);
    expect(html).toContain('<title>示范水务集团 · 智慧水务云</title>');
    expect(html).toContain('<link rel="icon" href="/brand/water-favicon.svg">');
    expect(html).not.toContain('/favicon.svg"');
    expect(html).toContain('<img class="login-bg" src="/brand/water-bg.svg" alt="">');
    expect(html).toContain('src="/brand/water-logo.svg"');
    expect(html).toContain('src="/brand/water-left.svg"');
    expect(html).toContain('<h1 class="login-panel__title">示范水务集团 · 智慧水务云</h1>');
    expect(html).toContain('<footer class="login-footer"><span>© 2026 示范水务集团 版权所有</span></footer>');
    // After the page's own sheet, so the tenant's rules win at equal specificity.
    expect(html).toMatch(
      /\.login-page\{display:flex\}<\/style>\n<style data-origin="tenant-custom-css">\.login-panel \{ border-top: 4px solid #1677ff; \}<\/style><\/head>/,
    );
    // The scripts still come with the page.
    expect(html).toContain('<script type="module" crossorigin src="/assets/login-x.js"></script>');
  });

  it('leaves the background and copyright out where the configuration hides them', () => {
    const html = renderLoginPage(template, { ...water, loginBgType: '1', copyrightPosition: ['1'] });
    expect(html).not.toContain('login-bg');
    expect(html).not.toContain('login-footer');
    expect(html).not.toContain('版权所有');
  });

  it('keeps the built title and favicon and draws the word mark for the default look', () => {
    const html = renderLoginPage(template, config({ title: '' }));
    expect(html).toContain('<title>企业云平台</title>');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(renderLoginShell(defaultLoginConfig())).toContain(
      '<span class="login-logo__wordmark"><span class="login-logo__icon"><svg',
    );
    expect(html).not.toContain('tenant-custom-css');
  });

  it('escapes every configured text and address, so a value can never become markup', () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const html = renderLoginPage(
      template,
      config({
        title: hostile,
        logo: hostile,
        favicon: hostile,
        loginBackground: hostile,
        loginLeftBackground: hostile,
        copyright: hostile,
      }),
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    // Quotes escaped too: an address stays one attribute value.
    expect(html).toContain(
      '<img class="login-logo__image" src="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"',
    );
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<script\b/g)).toHaveLength(1);
  });

  it('reads no replacement patterns in values', () => {
    const html = renderLoginPage(template, config({ title: "$& $' $`", copyright: '$&' }));
    expect(html).toContain('<title>$&amp; $&#39; $`</title>');
    expect(html).toContain('<span>$&amp;</span>');
  });

  it('sanitises customCss and keeps it from closing its <style> element', () => {
    const html = renderLoginPage(
      template,
      config({
        customCss:
          '.a { content: "</style><script>alert(1)</script>"; }\n@import url(https://evil.test/x.css);\n.b { background: url(javascript:alert(1)) }',
      }),
    );
    const sheet = /<style data-origin="tenant-custom-css">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(sheet).toBe('.a { content: "\\3c /style>\\3c script>alert(1)\\3c /script>"; }\n\n.b {}');
    expect(html).not.toContain('<script>alert');
  });

  it('draws placeholders of the account form it will be replaced by, or the spinner of a lazy mode', () => {
    const fields = (html: string) => html.match(/login-skeleton__field/g)?.length ?? 0;
    expect(fields(renderLoginShell(config({ loginAccountType: '1-1,1-3' })))).toBe(3);
    expect(fields(renderLoginShell(config({ loginAccountType: '1-1', showVctCode: 1 })))).toBe(4);
    const sms = renderLoginShell(config({ loginAccountType: '1-3,1-1' }));
    expect(fields(sms)).toBe(0);
    expect(sms).toContain('<div class="login-panel__loading"><span class="spinner"');
  });
});
