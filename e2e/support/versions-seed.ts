/**
 * What the versions spec (versions.spec.ts) adds to the e2e seed: an application of its own and two
 * tenants using it, each with one member, so a grey release to one tenant can be told apart from
 * the other. No other spec signs in with these users or changes this application.
 */
export const VERSIONS_E2E = {
  application: { key: 'versiontest', id: 'app-versiontest', name: '版本测试应用', version: '1.0.0' },
  menu: { id: 'm-version-home', name: '版本首页', link: '/homepage' },
  /** The tenant the grey release goes to. */
  grey: {
    id: 't-ver-grey',
    code: 'vergrey',
    name: '灰度测试公司',
    user: { username: 'grey.user', name: '灰度用户', mobile: '13600000031' },
  },
  /** The tenant that keeps the catalogue version. */
  other: {
    id: 't-ver-other',
    code: 'verother',
    name: '全量测试公司',
    user: { username: 'other.user', name: '全量用户', mobile: '13600000032' },
  },
} as const;

interface SeedShape {
  tenants: unknown[];
  applications?: unknown[];
  [field: string]: unknown;
}

export const withVersionsSeed = <T extends SeedShape>(seed: T): T => {
  const { application, menu, grey, other } = VERSIONS_E2E;
  const tenantOf = (tenant: typeof grey | typeof other) => ({
    id: tenant.id,
    code: tenant.code,
    name: tenant.name,
    loginConfig: { title: tenant.name },
    roles: [{ code: 'staff', name: '员工' }],
    users: [{ ...tenant.user, roles: ['staff'] }],
    applications: [application.key],
  });
  return {
    ...seed,
    tenants: [...seed.tenants, tenantOf(grey), tenantOf(other)],
    applications: [
      ...(seed.applications ?? []),
      { key: application.key, name: application.name, version: application.version, menus: [menu] },
    ],
  };
};
