import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it, vi } from 'vitest';
import { menuNode } from './test-menus';
import { ACCESS_LOG_PATH, saveUsageLog, TOURIST_LOG_PATH, usageLogFromMenu, usageSource } from './usage-log';

const [menu] = normaliseMenuTree(
  [
    menuNode({
      id: 'm-1',
      name: '设备台账',
      link: '/deviceList',
      applicationId: 'app-dev',
      applicationName: '设备',
    }),
  ],
  { token: 't' },
);
const entry = usageLogFromMenu(menu!, 1, 'page.html?x=1#/deviceList');

describe('spec section 3, usage log fields', () => {
  it('come from the menu item: application, function and path, result 1', () => {
    expect(entry).toEqual({
      type: 1,
      applicationId: 'app-dev',
      applicationName: '设备',
      functionId: 'm-1',
      functionName: '设备台账',
      path: 'page.html?x=1#/deviceList',
      result: 1,
    });
  });

  it('source is web unless the shell was opened with a source marker such as App', () => {
    expect(usageSource(null)).toBe('web');
    expect(usageSource('App')).toBe('App');
    expect(usageSource('<bad>')).toBe('web');
  });
});

describe('spec section 4, log saving', () => {
  it('logs a signed-in user with the real source', async () => {
    const post = vi.fn(async () => null);
    const visitorId = vi.fn(async () => 'v-1234567890');
    expect(await saveUsageLog({ post, token: 'tok', source: 'App', visitorId }, entry)).toBe(true);
    expect(post).toHaveBeenCalledWith(ACCESS_LOG_PATH, { source: 'App', ...entry });
    expect(visitorId).not.toHaveBeenCalled();
  });

  it('logs a visitor under "tourist-" and the visitor id, obtained first', async () => {
    const post = vi.fn(async () => null);
    const download = { ...entry, type: 2 as const };
    await saveUsageLog({ post, token: null, source: 'web', visitorId: async () => 'v-1234567890' }, download);
    expect(post).toHaveBeenCalledWith(TOURIST_LOG_PATH, {
      source: 'web',
      ...download,
      userName: 'tourist-v-1234567890',
    });
  });

  it('never throws: a failed log resolves to false', async () => {
    const post = vi.fn(async () => Promise.reject(new Error('down')));
    expect(await saveUsageLog({ post, token: 'tok', source: 'web', visitorId: async () => 'x' }, entry)).toBe(
      false,
    );
    const noVisitor = async () => Promise.reject(new Error('no id'));
    expect(await saveUsageLog({ post, token: null, source: 'web', visitorId: noVisitor }, entry)).toBe(false);
  });
});
