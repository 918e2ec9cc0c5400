import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palette } from './theme';

/** base.css's custom properties (--uw-…), by name. */
const cssVariables = (): Record<string, string> => {
  const css = readFileSync(join(import.meta.dirname, 'base.css'), 'utf8');
  return Object.fromEntries(
    [...css.matchAll(/--uw-([a-z-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
  );
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('the theme palette', () => {
  it('is what base.css gives the product’s own CSS, colour for colour', () => {
    const fromTheme = Object.fromEntries(
      Object.entries(palette).map(([name, value]) => [kebab(name), value]),
    );
    expect(cssVariables()).toEqual(fromTheme);
  });
});
