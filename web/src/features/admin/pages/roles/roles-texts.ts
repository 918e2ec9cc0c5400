import type { LocalizedTexts } from '../../../../i18n/texts';

export interface RolesTexts {
  expandAll: string;
  collapseAll: string;
  selectAll: string;
  selectNone: string;
  adminHasAll: string;
  noApplications: string;
  customOnly: string;
  users: string;
  usersOf(role: string): string;
  search: string;
  addUsers: string;
  addPlaceholder: string;
  add: string;
  remove: string;
  removeSelected(n: number): string;
  confirmRemove(n: number): string;
  account: string;
  name: string;
  mobile: string;
  department: string;
  status: string;
  active: string;
  disabled: string;
  done: string;
  effective: string;
  effectiveTitle: string;
  pickMember: string;
  menus: string;
  permissions: string;
  dataScope: string;
  roles: string;
  fromRoles: string;
  allData: string;
  departments: string;
  subtrees: string;
  ownRecords: string;
  nothing: string;
  disabledRole: string;
  disabledMember: string;
}

export const rolesTexts: LocalizedTexts<RolesTexts> = {
  'zh-CN': {
    expandAll: '展开全部',
    collapseAll: '折叠全部',
    selectAll: '全选',
    selectNone: '全不选',
    adminHasAll: '租户管理员角色拥有全部菜单和权限，无需授权。',
    noApplications: '本租户暂无可授权的内容',
    customOnly: '数据范围为“自定义部门”时选择',
    users: '分配用户',
    usersOf: (role) => `分配用户：${role}`,
    search: '搜索账号、姓名或手机号',
    addUsers: '添加用户',
    addPlaceholder: '搜索并选择要添加的用户',
    add: '添加',
    remove: '移除',
    removeSelected: (n) => `批量移除 (${n})`,
    confirmRemove: (n) => `确定从该角色移除 ${n} 名用户吗？`,
    account: '账号',
    name: '姓名',
    mobile: '手机号',
    department: '部门',
    status: '状态',
    active: '启用',
    disabled: '停用',
    done: '操作成功',
    effective: '有效权限',
    effectiveTitle: '查看用户的有效权限',
    pickMember: '搜索并选择用户',
    menus: '菜单',
    permissions: '权限码',
    dataScope: '数据范围',
    roles: '角色',
    fromRoles: '来自角色',
    allData: '全部数据',
    departments: '指定部门',
    subtrees: '部门及以下',
    ownRecords: '本人的数据',
    nothing: '无',
    disabledRole: '（已停用，不授予任何权限）',
    disabledMember: '该用户已停用，不拥有任何权限',
  },
  'en-US': {
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    selectAll: 'Select all',
    selectNone: 'Select none',
    adminHasAll: 'The tenant administrator role has every menu and permission; nothing to grant.',
    noApplications: 'Nothing to grant in this tenant yet',
    customOnly: 'Chosen when the data scope is "Custom departments"',
    users: 'Users',
    usersOf: (role) => `Users of ${role}`,
    search: 'Search account, name or mobile',
    addUsers: 'Add users',
    addPlaceholder: 'Search and pick users to add',
    add: 'Add',
    remove: 'Remove',
    removeSelected: (n) => `Remove selected (${n})`,
    confirmRemove: (n) => `Remove ${n} user(s) from this role?`,
    account: 'Account',
    name: 'Name',
    mobile: 'Mobile',
    department: 'Department',
    status: 'Status',
    active: 'Active',
    disabled: 'Disabled',
    done: 'Done',
    effective: 'Effective permissions',
    effectiveTitle: "A user's effective permissions",
    pickMember: 'Search and pick a user',
    menus: 'Menus',
    permissions: 'Permission codes',
    dataScope: 'Data scope',
    roles: 'Roles',
    fromRoles: 'From roles',
    allData: 'All data',
    departments: 'Departments',
    subtrees: 'Departments and below',
    ownRecords: 'Own records',
    nothing: 'None',
    disabledRole: ' (disabled: grants nothing)',
    disabledMember: 'This user is disabled and holds nothing',
  },
};
