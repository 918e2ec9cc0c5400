import type { MenuItemNode } from '@uniwim/contracts/client';

/** A menu node as the server sends it, for unit tests; fields not given take plain defaults. */
export const menuNode = (fields: Partial<MenuItemNode> & Pick<MenuItemNode, 'id'>): MenuItemNode => ({
  pid: null,
  name: fields.id,
  link: null,
  fullLink: null,
  effectDrawing: null,
  version: '1.2.0',
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
  applicationId: 'app-devices',
  applicationName: '设备管理',
  rootId: fields.id,
  children: [],
  ...fields,
});
