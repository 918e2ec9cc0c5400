import { describe, expect, it, vi } from 'vitest';
import {
  OPEN_MENU_MESSAGE,
  parseOpenMenuRequest,
  requestMenuOpening,
  shellAddressFor,
} from './open-in-shell';

describe('open in shell', () => {
  it('accepts only a well-formed request', () => {
    expect(parseOpenMenuRequest({ type: OPEN_MENU_MESSAGE, menuId: ' m-1 ' })).toEqual({
      type: OPEN_MENU_MESSAGE,
      menuId: 'm-1',
    });
    expect(parseOpenMenuRequest({ type: OPEN_MENU_MESSAGE, menuId: '' })).toBeNull();
    expect(parseOpenMenuRequest({ type: OPEN_MENU_MESSAGE, menuId: 'x'.repeat(101) })).toBeNull();
    expect(parseOpenMenuRequest({ type: 'other', menuId: 'm' })).toBeNull();
    expect(parseOpenMenuRequest('m-1')).toBeNull();
    expect(parseOpenMenuRequest(null)).toBeNull();
  });

  it('asks the parent shell when framed, and goes to the shell otherwise', () => {
    const postMessage = vi.fn();
    const assign = vi.fn();
    const parent = { postMessage } as unknown as Window;
    const framed = { parent, location: { origin: 'https://x.test', assign } } as unknown as Window;
    requestMenuOpening('m-1', true, framed);
    expect(postMessage).toHaveBeenCalledWith({ type: OPEN_MENU_MESSAGE, menuId: 'm-1' }, 'https://x.test');
    const alone = { location: { origin: 'https://x.test', assign } } as unknown as Window;
    (alone as { parent: Window }).parent = alone;
    requestMenuOpening('m 2', false, alone);
    expect(assign).toHaveBeenCalledWith(shellAddressFor('m 2'));
    expect(shellAddressFor('m 2')).toBe('index.html?menuId=m%202');
  });
});
