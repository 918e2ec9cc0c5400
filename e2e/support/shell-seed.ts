/**
 * What the shell spec (shell.spec.ts) adds to the e2e seed: an application of its own, a tenant that
 * keeps at most three tabs open (tagNum "3"), and a user who is a member of that tenant and of the
 * demo energy tenant, so tenant switching has somewhere to go. No other spec signs in with it.
 */
export const SHELL_E2E = {
  tenant: { id: 't-shell', code: 'shell', name: '页签测试公司', tagNum: 3 },
  user: { username: 'shell.user', name: '页签测试', mobile: '13600000011' },
  /** The other tenant of shell.user (from server/seed/demo.json). */
  otherTenant: { id: 't-energy', name: '示范能源公司', firstMenuId: 'm-home' },
  application: { key: 'shelltest', id: 'shelltest', name: '页签测试应用', version: '2.0.0' },
  menus: {
    home: { id: 'm-shell-home', name: '页签首页', link: '/homepage' },
    devices: { id: 'm-shell-devices', name: '页签设备', link: '/deviceList' },
    knowledge: { id: 'm-shell-knowledge', name: '页签知识', link: '/knowledge' },
    train: { id: 'm-shell-train', name: '页签培训', link: '/train' },
    /** No link: opens /developingPage. */
    developing: { id: 'm-shell-developing', name: '页签建设中' },
    /** A javascript: link: never opened. */
    unsafe: { id: 'm-shell-unsafe', name: '页签危险链接', link: 'javascript:alert(1)' },
  },
} as const;

interface SeedShape {
  tenants: { code: string; users?: unknown[]; [field: string]: unknown }[];
  applications?: unknown[];
  [field: string]: unknown;
}

export const withShellSeed = <T extends SeedShape>(seed: T): T => {
  const { tenant, user, application, menus } = SHELL_E2E;
  const member = { username: user.username, name: user.name, mobile: user.mobile, roles: ['staff'] };
  const tenants = seed.tenants.map((existing) =>
    existing.code === 'energy' ? { ...existing, users: [...(existing.users ?? []), member] } : existing,
  );
  tenants.push({
    id: tenant.id,
    code: tenant.code,
    name: tenant.name,
    loginConfig: { title: tenant.name, tagNum: String(tenant.tagNum) },
    roles: [{ code: 'staff', name: '员工' }],
    users: [member],
    applications: [application.key],
  });
  const shellApplication = {
    key: application.key,
    name: application.name,
    version: application.version,
    menus: [
      menus.home,
      {
        id: 'm-shell-group',
        name: '页签分组',
        children: [menus.devices, menus.knowledge, menus.train, menus.developing, menus.unsafe],
      },
    ],
  };
  return { ...seed, tenants, applications: [...(seed.applications ?? []), shellApplication] };
};
