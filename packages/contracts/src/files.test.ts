import { describe, expect, it } from 'vitest';
import { fileKindOf } from './admin/resources/files';
import { fileIdsIn, isFileContentPath } from './file-urls';
import { reviewCustomCss } from './tenant-css';

const ID = 'f-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const OTHER = 'f-11111111-2222-4333-8444-555555555555';

describe('fileIdsIn', () => {
  it('finds stored files in addresses, lists and style sheets, each once', () => {
    expect(
      fileIdsIn([
        `/ump/files/${ID}`,
        ['https://cdn.example/a.png', `/ump/files/${OTHER}`],
        `.a{background:url(/ump/files/${ID})} .b{background:url('/ump/files/${OTHER}')}`,
        42,
        null,
      ]),
    ).toEqual([ID, OTHER]);
    expect(fileIdsIn([`/ump/files/${ID}x`, '/ump/files/f-nope'])).toEqual([]);
  });

  it('tells a stored file’s url exactly', () => {
    expect(isFileContentPath(`/ump/files/${ID}`)).toBe(true);
    expect(isFileContentPath(`/ump/files/${ID}/../../x`)).toBe(false);
    expect(isFileContentPath(`https://evil.example/ump/files/${ID}`)).toBe(false);
  });
});

describe('a tenant’s CSS with stored files', () => {
  it('keeps url()s of stored files and still drops everything else from outside', () => {
    const review = reviewCustomCss(
      `.a{background:url(/ump/files/${ID})}.b{background:url(https://evil.example/x.png)}`,
      't-water',
    );
    expect(review.css).toContain(`/ump/files/${ID}`);
    expect(review.css).not.toContain('evil.example');
    expect(review.removed).toHaveLength(1);
  });
});

describe('fileKindOf', () => {
  it('lists files by what their content is', () => {
    expect(fileKindOf('image/png')).toBe('image');
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(fileKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('office');
    expect(fileKindOf('text/plain')).toBe('text');
    expect(fileKindOf('application/zip')).toBe('archive');
    expect(fileKindOf('application/octet-stream')).toBe('other');
  });
});
