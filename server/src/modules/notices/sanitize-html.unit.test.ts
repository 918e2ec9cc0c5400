import { describe, expect, it } from 'vitest';
import { hasVisibleContent, safeStyle, safeUrl, sanitizeHtml } from './sanitize-html';

describe('the notice body sanitiser', () => {
  it('removes scripts with their content, and styles, frames and objects', () => {
    expect(sanitizeHtml('<p>前<script>alert(1)</script>后</p>')).toBe('<p>前后</p>');
    expect(sanitizeHtml('<SCRIPT src="x.js"></SCRIPT>ok')).toBe('ok');
    expect(
      sanitizeHtml('<style>p{color:red}</style><iframe src="//evil"></iframe><object data="x"></object>正文'),
    ).toBe('正文');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>a')).toBe('a');
    expect(sanitizeHtml('<script>never closed')).toBe('');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)">')).toBe('<img src="/a.png">');
    expect(sanitizeHtml('<p onclick=alert(1) onmouseover="x()" data-x="1">通知</p>')).toBe('<p>通知</p>');
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" onfocus="x">链接</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">链接</a>',
    );
  });

  it('removes javascript: and other unsafe link schemes, however they are disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="vbscript:x">x</a><a href="data:text/html,<b>">y</a>')).toBe(
      '<a>x</a><a>y</a>',
    );
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('<img>');
    expect(safeUrl('/files/f-1/content', 'link')).toBe('/files/f-1/content');
    expect(safeUrl('mailto:a@b.cn', 'link')).toBe('mailto:a@b.cn');
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeUrl('data:image/svg+xml;base64,PHN2Zz4=', 'image')).toBeNull();
  });

  it('removes CSS expressions, url() and escapes from styles, keeping plain declarations', () => {
    expect(sanitizeHtml('<p style="width: expression(alert(1)); color: red">x</p>')).toBe(
      '<p style="color: red">x</p>',
    );
    expect(sanitizeHtml('<p style="background-color: url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
    expect(safeStyle('color:\\65 xpression(1)')).toBeNull();
    expect(safeStyle('behavior: url(x.htc); position: fixed')).toBeNull();
    expect(safeStyle('font-family: "微软雅黑"; text-align: center; color: rgb(255, 0, 0)')).toBe(
      'font-family: "微软雅黑"; text-align: center; color: rgb(255, 0, 0)',
    );
  });

  it('keeps Chinese text and tables (with their spans)', () => {
    const table =
      '<table border="1"><thead><tr><th colspan="2">停水通知</th></tr></thead>' +
      '<tbody><tr><td>区域</td><td rowspan="2">西湖区</td></tr></tbody></table>';
    expect(sanitizeHtml(table)).toBe(table);
    expect(sanitizeHtml('<h2>关于春节放假的通知</h2><p>各部门：<strong>请注意</strong>安全。</p>')).toBe(
      '<h2>关于春节放假的通知</h2><p>各部门：<strong>请注意</strong>安全。</p>',
    );
  });

  it('answers well-formed HTML: text escaped, unknown tags unwrapped, open tags closed, comments gone', () => {
    expect(sanitizeHtml('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(sanitizeHtml('&nbsp;&amp;&#20013;')).toBe('&nbsp;&amp;&#20013;');
    expect(sanitizeHtml('<custom-tag>文</custom-tag><form><input value=1>字</form>')).toBe('文字');
    expect(sanitizeHtml('<p><b>粗')).toBe('<p><b>粗</b></p>');
    expect(sanitizeHtml('</div>尾<!-- <script>x</script> -->')).toBe('尾');
    expect(sanitizeHtml('<p title="a&quot; onmouseover=&quot;x">t</p>')).toBe(
      '<p title="a&quot; onmouseover=&quot;x">t</p>',
    );
    expect(sanitizeHtml('<img src=x onerror=alert(1)//>')).toBe('<img src="x">');
  });

  it('tells an empty body from one with content', () => {
    expect(hasVisibleContent(sanitizeHtml('<p><script>x</script></p>'))).toBe(false);
    expect(hasVisibleContent('<p>&nbsp;</p>')).toBe(false);
    expect(hasVisibleContent('<p>通知</p>')).toBe(true);
    expect(hasVisibleContent('<img src="/a.png">')).toBe(true);
  });
});
