import { describe, expect, it } from 'vitest';
import { safeVendorText } from './vendor-call';

describe('safeVendorText', () => {
  it('cuts the string to sign Aliyun quotes, which holds the template parameters', () => {
    const text =
      'Specified signature is not matched with our calculation. server string to sign is:POST&%2F&TemplateParam%3D%257B%2522code%2522%253A%2522123456%2522%257D';
    expect(safeVendorText(text, ['123456'])).toBe(
      'Specified signature is not matched with our calculation. server string to sign is: [omitted]',
    );
  });

  it('blanks secrets and parameter values wherever they appear, but not tiny values', () => {
    expect(safeVendorText('bad key s3cr3t-value for 654321, retry 1', ['s3cr3t-value', '654321', '1'])).toBe(
      'bad key [hidden] for [hidden], retry 1',
    );
  });

  it('keeps it to one short line and ignores what is not text', () => {
    expect(safeVendorText(`a\n${'x'.repeat(300)}`, [])).toMatch(/^a x{198}…$/);
    expect(safeVendorText(undefined, [])).toBe('');
    expect(safeVendorText({ Code: 1 }, [])).toBe('');
  });
});
