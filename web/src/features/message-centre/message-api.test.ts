import { describe, expect, it } from 'vitest';
import { excerptOf } from './message-api';

describe('excerptOf', () => {
  it('folds whitespace and keeps short content whole', () => {
    expect(excerptOf('  工单\n已派发  ')).toBe('工单 已派发');
  });
  it('cuts long content with an ellipsis within the limit', () => {
    const cut = excerptOf('一'.repeat(100), 10);
    expect(cut).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
  });
});
