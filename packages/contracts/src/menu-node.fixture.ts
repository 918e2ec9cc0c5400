import type { MenuItemNode } from './menus';

/** A menu node as the server sends it, with every field filled in; tests override what they need. */
export const menuNode = (overrides: Partial<MenuItemNode> & { id: string }): MenuItemNode => ({
  pid: null,
  name: overrides.id,
  link: null,
  fullLink: null,
  effectDrawing: null,
  version: '1.0',
  reload: false,
  monitor: false,
  monitorUrl: null,
  menuStyle: null,
  internalNetwork: null,
  externalNetwork: null,
  operatingManual: null,
  target: null,
  type: null,
  condition: null,
  disabled: false,
  isPublic: false,
  sort: 0,
  applicationId: 'app-1',
  applicationName: '设备管理',
  rootId: overrides.id,
  children: [],
  ...overrides,
});
