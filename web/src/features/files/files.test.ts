import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { formatBytes } from './file-texts';
import { storedFileOf } from './upload-file';

describe('formatBytes', () => {
  it('shows sizes the way file managers do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });
});

describe('storedFileOf', () => {
  const stored = {
    id: 'f-1',
    name: 'a.png',
    contentType: 'image/png',
    size: 3,
    sha256: 'x',
    url: '/ump/files/f-1',
  };

  it('answers the stored file of a successful upload', () => {
    expect(storedFileOf(200, JSON.stringify({ Code: 0, Message: '上传成功', Response: stored }))).toEqual(
      stored,
    );
  });

  it('throws the error the server named, with its message', () => {
    const refused = JSON.stringify({
      Code: 40074,
      Message: '不允许上传可执行文件',
      Response: null,
      Error: 'FILE_TYPE_NOT_ALLOWED',
    });
    expect(() => storedFileOf(415, refused)).toThrow(ApiError);
    try {
      storedFileOf(415, refused);
    } catch (error) {
      expect(error).toMatchObject({ code: 40074, status: 415, errorName: 'FILE_TYPE_NOT_ALLOWED' });
      expect((error as Error).message).toBe('不允许上传可执行文件');
    }
  });

  it('refuses an answer that is not the envelope', () => {
    expect(() => storedFileOf(502, '<html>Bad gateway</html>')).toThrow(/无法识别/);
  });
});
