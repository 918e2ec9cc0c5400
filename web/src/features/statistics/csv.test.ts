import { describe, expect, it } from 'vitest';
import { csvOf } from './csv';

describe('a chart table as CSV', () => {
  it('writes a byte-order mark, the header and the rows, quoting what needs it', () => {
    expect(
      csvOf({
        columns: ['名称', '次数'],
        rows: [
          ['北京市', 3],
          ['a,"b"', 4],
        ],
      }),
    ).toBe('\uFEFF名称,次数\r\n北京市,3\r\n"a,""b""",4\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvOf({ columns: ['x'], rows: [['=1+1'], [-5]] })).toBe("\uFEFFx\r\n'=1+1\r\n-5\r\n");
  });
});
