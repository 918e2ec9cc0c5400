import { permissionCodesOf, type RoleGrantNode, TENANT_ADMIN_PAGE_PERMISSIONS } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { buildGrantTree } from './grant-tree';

const keys = (nodes: RoleGrantNode[]): string[] =>
  nodes.flatMap((node) => [node.key, ...keys(node.children)]);

describe('buildGrantTree', () => {
  const applications = [
    { id: 'b', name: '设备管理' },
    { id: 'a', name: '工作台' },
  ];
  const menus = [
    { id: 'm-devices', parentId: null, applicationId: 'b', name: '设备', sort: 0 },
    { id: 'm-map', parentId: 'm-devices', applicationId: 'b', name: '设备地图', sort: 2 },
    { id: 'm-list', parentId: 'm-devices', applicationId: 'b', name: '设备列表', sort: 1 },
    { id: 'm-home', parentId: null, applicationId: 'a', name: '首页', sort: 0 },
    { id: 'm-orphan', parentId: 'gone', applicationId: 'a', name: '孤儿', sort: 1 },
  ];
  const consoleItems = [
    { id: 'am-organisation', parentId: null, name: '组织权限', sort: 2 },
    { id: 'am-users', parentId: 'am-organisation', name: '用户管理', sort: 1 },
    { id: 'am-roles', parentId: 'am-organisation', name: '角色管理', sort: 2 },
    { id: 'am-system', parentId: null, name: '系统设置', sort: 3 },
    { id: 'am-dictionaries', parentId: 'am-system', name: '数据字典', sort: 0 },
    { id: 'am-messages', parentId: null, name: '消息通知', sort: 4 },
    // A page no permission code opens (not built yet): its group is left out.
    { id: 'am-unbuilt', parentId: 'am-messages', name: '未建页面', sort: 0 },
  ];

  it('puts menus under their applications, sorted, an orphan at its application root', () => {
    const [first, second] = buildGrantTree(applications, menus, []);
    expect(first!.title).toBe('工作台');
    expect(first!.children.map((n) => n.menuId)).toEqual(['m-home', 'm-orphan']);
    expect(second!.children[0]!.children.map((n) => n.menuId)).toEqual(['m-list', 'm-map']);
  });

  it("adds the console's pages with one button per code, leaving out groups without a page of codes", () => {
    const tree = buildGrantTree(applications, menus, consoleItems);
    const console = tree.at(-1)!;
    expect(console.kind).toBe('console');
    expect(console.children.map((n) => n.key)).toEqual(['admin:am-organisation', 'admin:am-system']);
    const users = console.children[0]!.children[0]!;
    expect(users.children.map((n) => n.permission)).toEqual(TENANT_ADMIN_PAGE_PERMISSIONS['am-users']);
    expect(keys(tree)).not.toContain('admin:am-messages');
  });

  it('has no console without pages', () => {
    expect(buildGrantTree([], [], []).length).toBe(0);
  });
});

describe('TENANT_ADMIN_PAGE_PERMISSIONS', () => {
  it('places every tenant permission code on exactly one page', () => {
    const placed = Object.values(TENANT_ADMIN_PAGE_PERMISSIONS).flat();
    expect([...placed].sort()).toEqual(permissionCodesOf('tenant').sort());
  });
});
