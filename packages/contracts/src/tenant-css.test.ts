import { describe, expect, it } from 'vitest';
import { reviewCustomCss, tenantFilesPrefix } from './tenant-css';

const own = tenantFilesPrefix('t-water');

describe('reviewCustomCss', () => {
  it('keeps plain rules and urls into the tenant’s own files', () => {
    const css = `.login-panel { color: red; background: url("${own}abc.png"); }`;
    expect(reviewCustomCss(css, 't-water')).toEqual({ css, removed: [] });
  });

  it('drops @import and reports it', () => {
    const review = reviewCustomCss('@import url(https://evil.example/x.css); .a{color:red}', 't-water');
    expect(review.css).toBe('.a{color:red}');
    expect(review.removed).toEqual(['@import url(https://evil.example/x.css);']);
  });

  it('drops a url() outside the tenant’s files, another tenant’s included', () => {
    for (const target of [
      'https://evil.example/a.png',
      '/ump/tenant-files/t-energy/a.png',
      `${own}../t-energy/a.png`,
      'data:image/png;base64,AAAA',
    ]) {
      const review = reviewCustomCss(`.a{background:url('${target}');color:red}`, 't-water');
      expect(review.css).toBe('.a{color:red}');
      expect(review.removed).toEqual([`background:url('${target}');`]);
    }
  });

  it('drops expression(), escaped keywords and image-set', () => {
    expect(reviewCustomCss('.a{width:expression(alert(1))}', 't-water').css).toBe('.a{}');
    expect(reviewCustomCss('.a{background:\\75rl(https://x.example/a.png)}', 't-water').css).toBe('.a{}');
    expect(reviewCustomCss('.a{background:image-set("https://x.example/a.png" 1x)}', 't-water').css).toBe(
      '.a{}',
    );
    expect(reviewCustomCss('.a{width:expression(1)}', 't-water').removed).toHaveLength(1);
  });

  it('cannot be tricked by a split keyword', () => {
    const review = reviewCustomCss('@im@import x;port url(https://evil.example/a.css);', 't-water');
    expect(review.css).not.toMatch(/@import/i);
    expect(review.removed.length).toBeGreaterThan(0);
  });
});
