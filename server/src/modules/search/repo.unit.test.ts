import { describe, expect, it } from 'vitest';
import { textArrayLiteral } from './repo';

describe('textArrayLiteral', () => {
  it('quotes every element, so commas, braces and quotes stay inside it', () => {
    expect(textArrayLiteral(['@menus/app:a', 'b,c', '{d}', 'e"f', 'g\\h'])).toBe(
      '{"@menus/app:a","b,c","{d}","e\\"f","g\\\\h"}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });
});
