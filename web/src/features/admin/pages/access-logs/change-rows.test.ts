import { describe, expect, it } from 'vitest';
import { changeRowsOf } from './change-rows';

describe("an operation's changes as rows", () => {
  it('shows each field before and after, creates and removals as empty on one side', () => {
    expect(
      changeRowsOf({
        name: { before: null, after: '审计部' },
        roles: { before: ['a'], after: ['a', 'b'] },
        enabled: { before: true, after: false },
        password: { before: '******', after: '******' },
      }),
    ).toEqual([
      { field: 'name', before: { text: '', empty: true }, after: { text: '审计部', empty: false } },
      {
        field: 'roles',
        before: { text: '[\n  "a"\n]', empty: false },
        after: { text: '[\n  "a",\n  "b"\n]', empty: false },
      },
      { field: 'enabled', before: { text: '是', empty: false }, after: { text: '否', empty: false } },
      {
        field: 'password',
        before: { text: '******', empty: false },
        after: { text: '******', empty: false },
      },
    ]);
  });

  it('is empty for anything that is not a changes object', () => {
    expect(changeRowsOf(null)).toEqual([]);
    expect(changeRowsOf([])).toEqual([]);
    expect(changeRowsOf('x')).toEqual([]);
  });
});
