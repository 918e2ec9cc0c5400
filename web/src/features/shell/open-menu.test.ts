import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { menuNode } from '../../lib/shell/test-menus';
import { isShellPageLink, type OpeningContext, planMenuOpening, routeTabEntry } from './open-menu';

const ctx: OpeningContext = {
  token: 'tok',
  tenantId: 't-water',
  sn: 'SN9',
  scene: 'index',
  now: () => 1700000000000,
};

// Items of the device application, version 1.2.0, unless a test says otherwise.
const shellMenu = (fields: Parameters<typeof menuNode>[0]) =>
  normaliseMenuTree([menuNode({ applicationId: 'app-devices', version: '1.2.0', ...fields })], {
    token: ctx.token,
  })[0]!;

const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1]?.split('#')[0]));

describe('planMenuOpening', () => {
  it('opens a built-in route in a tab, framing page.html#{path} with the spec parameters', () => {
    const opening = planMenuOpening(shellMenu({ id: 'm-list', name: '设备列表', link: '/deviceList' }), ctx);
    expect(opening.kind).toBe('tab');
    if (opening.kind !== 'tab') return;
    const url = opening.entry.Val;
    expect(url.startsWith('page.html?')).toBe(true);
    expect(queryOf(url)).toEqual({
      uniwater_utoken: 'tok',
      uniwim_tenant_id: 't-water',
      component_title: '设备列表',
      applicationId: 'app-devices',
      applicationName: '设备管理',
      _v: '1.2.0',
      __uniwim_scene: 'index',
      __uniwim_id: 'm-list',
      __uniwim_rootid: 'm-list',
      HDSN: 'SN9',
      pageSource: 'dly',
    });
    // The hash part (the route) carries them too.
    expect(url).toContain('#/deviceList?uniwater_utoken=tok');
    expect(opening.entry).toMatchObject({
      Id: 'm-list',
      Name: '设备列表',
      ValBuffer: '/deviceList',
      target: '_self',
    });
  });

  it('adds the __uniwim_t timestamp for items marked reload', () => {
    const opening = planMenuOpening(
      shellMenu({ id: 'm', link: 'https://app.example.com/x', reload: true }),
      ctx,
    );
    expect(opening.kind === 'tab' && queryOf(opening.entry.Val).__uniwim_t).toBe('1700000000000');
  });

  it('opens a menu item without a link as /developingPage', () => {
    const opening = planMenuOpening(shellMenu({ id: 'm-map' }), ctx);
    expect(opening.kind === 'tab' && opening.entry.Val.split('#')[1]?.startsWith('/developingPage?')).toBe(
      true,
    );
  });

  it('pins the tab when asked (the first page of the shell)', () => {
    const opening = planMenuOpening(shellMenu({ id: 'm', link: '/homepage' }), ctx, { pinned: true });
    expect(opening.kind === 'tab' && opening.entry.tabCloseable).toBe(false);
  });

  it('opens _blank in a window and _blankTop through the top window, both with the frame parameters', () => {
    const blank = planMenuOpening(
      shellMenu({ id: 'm', link: 'https://a.example.com/', target: '_blank' }),
      ctx,
    );
    expect(blank).toMatchObject({ kind: 'window' });
    expect(blank.kind === 'window' && queryOf(blank.url).uniwater_utoken).toBe('tok');
    const top = planMenuOpening(
      shellMenu({ id: 'm', link: 'https://a.example.com/', target: '_blankTop' }),
      ctx,
    );
    expect(top).toMatchObject({ kind: 'top-window' });
  });

  it('hands runCommand links to the browser as {scheme}://{token}', () => {
    expect(planMenuOpening(shellMenu({ id: 'm', link: 'runCommand:hdclient' }), ctx)).toEqual({
      kind: 'command',
      url: 'hdclient://tok',
    });
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>'])(
    'never opens %s',
    (link) => {
      expect(planMenuOpening(shellMenu({ id: 'm', link }), ctx)).toEqual({ kind: 'blocked' });
    },
  );

  it('navigates to the shell pages instead of framing them', () => {
    expect(planMenuOpening(shellMenu({ id: 'm', link: 'admin.html' }), ctx)).toEqual({
      kind: 'navigate',
      url: 'admin.html',
    });
    expect(planMenuOpening(shellMenu({ id: 'm', link: '/index.html?admin=1' }), ctx)).toEqual({
      kind: 'navigate',
      url: 'index.html?admin=1',
    });
  });

  it('opens nothing for disabled items and parents', () => {
    expect(planMenuOpening(shellMenu({ id: 'm', link: '/homepage', disabled: true }), ctx)).toEqual({
      kind: 'none',
    });
    const parent = shellMenu({ id: 'p', children: [menuNode({ id: 'c', link: '/homepage' })] });
    expect(planMenuOpening(parent, ctx)).toEqual({ kind: 'none' });
  });

  it('leaves the token out of a visitor frame', () => {
    const opening = planMenuOpening(shellMenu({ id: 'm', link: '/homepage' }), {
      ...ctx,
      token: null,
      sn: null,
      tenantId: null,
    });
    expect(opening.kind === 'tab' && queryOf(opening.entry.Val)).not.toHaveProperty('uniwater_utoken');
  });
});

describe('isShellPageLink', () => {
  it('knows the helper targets of spec section 2', () => {
    expect(isShellPageLink('index.html?admin=1')).toBe(true);
    expect(isShellPageLink('./admin.html')).toBe(true);
    expect(isShellPageLink('admin.html?x=1')).toBe(false);
    expect(isShellPageLink('/deviceList')).toBe(false);
  });
});

describe('routeTabEntry', () => {
  it('frames a built-in page that is no menu item, keyed by its route', () => {
    const entry = routeTabEntry('/todoList', '消息', ctx);
    expect(entry).toMatchObject({
      Id: '/todoList',
      Name: '消息',
      ValBuffer: '/todoList',
      App: null,
      target: '_self',
    });
    expect(
      entry.Val.startsWith('page.html?uniwater_utoken=tok&uniwim_tenant_id=t-water&component_title='),
    ).toBe(true);
    expect(entry.Val).toContain('#/todoList?uniwater_utoken=tok');
    expect(queryOf(entry.Val)).not.toHaveProperty('applicationId');
  });
});
