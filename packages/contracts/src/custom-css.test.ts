import { describe, expect, it } from 'vitest';
import { sanitizeCustomCss } from './custom-css';

describe('sanitizeCustomCss', () => {
  it('keeps ordinary rules unchanged', () => {
    const css =
      '.login-panel { border-top: 4px solid #1677ff; }\n.a > .b { color: red; background: url(/x.png) }';
    expect(sanitizeCustomCss(css)).toBe(css);
  });

  it('treats missing css as empty', () => {
    expect(sanitizeCustomCss(undefined)).toBe('');
    expect(sanitizeCustomCss(null)).toBe('');
  });

  it('drops @import rules, with or without a url() and a semicolon', () => {
    expect(sanitizeCustomCss('@import url("https://evil.test/x.css"); .a { color: red; }')).toBe(
      '.a { color: red; }',
    );
    expect(sanitizeCustomCss('.a{color:red}\n@IMPORT "x.css"')).toBe('.a{color:red}');
  });

  it('drops escaped or comment-split @import', () => {
    expect(sanitizeCustomCss('@\\69mport "x.css"; .a{}')).toBe('.a{}');
    expect(sanitizeCustomCss('@\\69 mport "x.css"; .a{}')).toBe('.a{}');
    expect(sanitizeCustomCss('@im/**/port "x.css"; .a{}')).toBe('.a{}');
  });

  it('drops an @import that appears only after another one is removed', () => {
    expect(sanitizeCustomCss('@im@import "a.css";port "b.css"; .a{}')).toBe('.a{}');
  });

  it('drops declarations using javascript: urls but keeps the rest of the rule', () => {
    expect(sanitizeCustomCss('.a { color: red; background: url("javascript:alert(1)"); margin: 0 }')).toBe(
      '.a { color: red; margin: 0 }',
    );
  });

  it('drops javascript: hidden by case, escapes or whitespace', () => {
    for (const css of [
      '.a{background:url(JavaScript:alert(1))}',
      '.a{background:url(j\\61vascript:alert(1))}',
      '.a{background:url(java\tscript:alert(1))}',
      '.a{background:url(vbscript:x)}',
    ]) {
      expect(sanitizeCustomCss(css)).toBe('.a{}');
    }
  });

  it('drops expression() and -moz-binding', () => {
    expect(sanitizeCustomCss('.a{width:expression(alert(1));color:red}')).toBe('.a{color:red}');
    expect(sanitizeCustomCss('.a{width:EXPRESSION /**/ (1)}')).toBe('.a{}');
    expect(sanitizeCustomCss('.a{-moz-binding:url(x.xml#y)}')).toBe('.a{}');
  });

  it('does not decode escapes that would change the structure of the sheet', () => {
    expect(sanitizeCustomCss('.a::before{content:"\\22"}')).toBe('.a::before{content:"\\22"}');
  });
});
