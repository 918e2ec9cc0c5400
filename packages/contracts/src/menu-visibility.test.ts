import { afterEach, describe, expect, it } from 'vitest';
import {
  conditionSyntaxError,
  isMenuVisible,
  MAX_CONDITION_LENGTH,
  type VisibilityScope,
} from './menu-visibility';

const scope: VisibilityScope = {
  activeMenu: { Id: 'm-1', Name: '设备台账', App: { id: 'app-1' } },
  currentMenu: { Id: 'm-2', menuStyle: 4, tags: ['gis', 'scada'] },
  currentUser: { id: 'u-1', isAdmin: false, sn: 'U0001', name: '张三', level: 3, tenantId: 't-water' },
};

describe('spec section 5, menu visibility: literal conditions', () => {
  it('"true", empty and missing conditions show the item', () => {
    for (const condition of ['true', ' true ', '', '   ', null, undefined]) {
      expect(isMenuVisible(condition, scope)).toBe(true);
    }
  });

  it('"false" hides the item', () => {
    expect(isMenuVisible('false', scope)).toBe(false);
  });
});

describe('spec section 5, menu visibility: expressions over active menu, current menu and current user', () => {
  it.each([
    ["currentUser.tenantId == 't-water'", true],
    ["currentUser.tenantId === 't-energy'", false],
    ['currentUser.isAdmin', false],
    ['!currentUser.isAdmin', true],
    ['currentUser.level >= 3 && currentUser.level < 5', true],
    ["currentUser.level > 3 || activeMenu.Id == 'm-1'", true],
    ["activeMenu.App.id != 'app-1'", false],
    ["activeMenu['Name'] == '设备台账'", true],
    ["currentMenu.tags.includes('gis')", true],
    ["currentMenu.tags.indexOf('scada') > -1", true],
    ["currentUser.sn.startsWith('U0')", true],
    ["currentUser.name.endsWith('三')", true],
    ['currentMenu.tags.length == 2', true],
    ['currentMenu.tags[0] === "gis"', true],
    ["(currentMenu.menuStyle == 4 || currentMenu.menuStyle == 5) && currentUser.id != ''", true],
    ["currentUser.level == '3'", true],
    ["currentUser.level === '3'", false],
    ['currentUser.missing == undefined', true],
    ['currentUser.missing === null', false],
  ])('%s → %s', (condition, expected) => {
    expect(isMenuVisible(condition, scope)).toBe(expected);
  });

  it('hides the item when the expression fails to evaluate (property of nothing)', () => {
    expect(isMenuVisible("currentUser.dept.name == 'x'", scope)).toBe(false);
    expect(isMenuVisible("activeMenu.Id == 'm-1'", { ...scope, activeMenu: null })).toBe(false);
  });

  it('hides the item when the expression does not parse', () => {
    for (const condition of ['currentUser.', "currentUser.id == 'x", '(true', 'true)', '1 +', 'a b', '===']) {
      expect(isMenuVisible(condition, scope)).toBe(false);
      expect(conditionSyntaxError(condition)).not.toBeNull();
    }
    expect(conditionSyntaxError("currentUser.id == 'x'")).toBeNull();
  });
});

describe('menu visibility: malicious input runs nothing', () => {
  const globalWithFlag = globalThis as typeof globalThis & { __pwned?: boolean };
  afterEach(() => {
    delete globalWithFlag.__pwned;
  });

  it.each([
    "constructor.constructor('globalThis.__pwned = true')()",
    "currentUser.constructor.constructor('globalThis.__pwned = true')()",
    "currentUser['constructor']['constructor']('globalThis.__pwned = true')()",
    'currentUser.__proto__',
    "currentUser['__proto__'] != null",
    'currentUser.prototype',
    "currentUser.name.constructor.fromCharCode(65) == 'A'",
    'globalThis.__pwned = true',
    'window.location',
    "eval('1')",
    "Function('return 1')()",
    'currentUser.toString() != 1',
    'currentUser.hasOwnProperty',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the input under test
    '`${currentUser.id}`',
    "currentUser.id = 'x'",
    'import("x")',
    "currentUser.name.includes('张', globalThis.__pwned = true)",
  ])('%s is hidden and has no effect', (condition) => {
    expect(isMenuVisible(condition, scope)).toBe(false);
    expect(globalWithFlag.__pwned).toBeUndefined();
  });

  it('does not read inherited properties', () => {
    const user = Object.create({ isAdmin: true });
    expect(isMenuVisible('currentUser.isAdmin', { ...scope, currentUser: user })).toBe(false);
    expect(isMenuVisible('currentUser.toString', scope)).toBe(false);
  });

  it('does not run getters of the data', () => {
    let reads = 0;
    const user = {
      get isAdmin() {
        reads += 1;
        return true;
      },
    };
    expect(isMenuVisible('currentUser.isAdmin', { ...scope, currentUser: user })).toBe(false);
    expect(reads).toBe(0);
  });

  it('refuses very long input and deep nesting without throwing', () => {
    const long = `currentUser.id == '${'x'.repeat(MAX_CONDITION_LENGTH)}'`;
    expect(isMenuVisible(long, scope)).toBe(false);
    expect(isMenuVisible(`${'('.repeat(500)}true${')'.repeat(500)}`, scope)).toBe(false);
    expect(isMenuVisible(`${'!'.repeat(1500)}true`, scope)).toBe(false);
  });

  it('evaluates a long flat chain within the length limit', () => {
    const chain = Array.from({ length: 80 }, () => 'currentUser.isAdmin').join(' || ');
    expect(chain.length).toBeLessThanOrEqual(MAX_CONDITION_LENGTH);
    expect(isMenuVisible(chain, scope)).toBe(false);
    expect(isMenuVisible(`${chain} || true`, scope)).toBe(true);
  });
});
