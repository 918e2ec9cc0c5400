import { describe, expect, it } from 'vitest';
import { fileNameOf } from './authorized-download';

describe('file names of downloads', () => {
  it('reads RFC 5987 names, plain names, and falls back', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E7%A7%9F%E6%88%B7.xlsx", 'x')).toBe('租户.xlsx');
    expect(fileNameOf('attachment; filename="tenants.xlsx"', 'x')).toBe('tenants.xlsx');
    expect(fileNameOf(null, 'download.xlsx')).toBe('download.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
