import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './environment';
import { withMessageCentreSeed } from './message-centre-seed';
import { withShellSeed } from './shell-seed';
import { withVersionsSeed } from './versions-seed';

/**
 * The e2e server loads server/seed/demo.json plus the tenants and users below (SEED_FILE points at a
 * copy written by the global setup), so tests that lock or change passwords never touch the demo
 * users other tests sign in with. Users without a password share SEED_ADMIN_PASSWORD.
 */
export const E2E_USERS = {
  /** A water user only the lock-out test signs in with. */
  lockout: { username: 'lock.target', name: '锁定测试', tenant: 'water' },
  /** A water user only the remember-me test signs in with. */
  remember: { username: 'remember.me', name: '记住账号测试', tenant: 'water' },
  /** A member of the tenant that forces a password change; only the change test signs in with it. */
  forcedChange: { username: 'forced.user', name: '改密测试', tenant: 'secure' },
  /**
   * SMS users: one number per test, because the server sends one code per number and purpose a
   * minute. Tests read their codes from the SMS outbox.
   */
  smsSignIn: { username: 'sms.user', name: '短信登录测试', tenant: 'water', mobile: '13600000001' },
  smsReload: { username: 'sms.reload', name: '倒计时测试', tenant: 'water', mobile: '13600000002' },
  forgotPassword: { username: 'forgot.user', name: '找回密码测试', tenant: 'water', mobile: '13600000003' },
  /** A member of the tenant that requires a second factor. */
  twoFactor: { username: 'twofa.user', name: '二次验证测试', tenant: 'twofactor', mobile: '13600000004' },
  /** A water user in 生产运营部 the role page's test gives a role (so water.op keeps its own menus). */
  roleHolder: { username: 'role.holder', name: '角色测试', tenant: 'water', department: 'ops', roles: [] },
  /** Issue 14: holds the role the menu editor's test grants its new item to (application-menus.spec.ts). */
  menuMember: { username: 'menu.member', name: '菜单测试', tenant: 'water', roles: ['menu-e2e'] },
} as const satisfies Record<
  string,
  {
    username: string;
    name: string;
    tenant: string;
    mobile?: string;
    department?: string;
    /** ['staff'] (every menu) unless given. */
    roles?: readonly string[];
  }
>;

/** Issue 13: a viewer of their own department's users (客户服务部) and a colleague there. */
export const E2E_SCOPE_USERS = [
  { username: 'scope.viewer', name: '部门查看员', roles: ['dept-user-viewer'], department: 'service' },
  { username: 'scope.peer', name: '部门同事', roles: ['staff'], department: 'service' },
];

/** A number no account has: the registration test registers with it. */
export const REGISTRATION_MOBILE = '13600000005';

export const E2E_TENANTS = {
  /** forcePasswordChange "1": a user who never changed the seeded password must change it. */
  secure: { id: 't-secure', code: 'secure', name: '强制改密测试公司', domain: 'secure.localhost' },
  /** showVctCode 1: the sign-in form shows the image captcha; appDownload "1" with one picture. */
  captcha: { id: 't-captcha', code: 'captcha', name: '验证码测试公司', domain: 'captcha.localhost' },
  /** twoFactorRequired: every sign-in needs an SMS code after the password. */
  twoFactor: {
    id: 't-twofactor',
    code: 'twofactor',
    name: '二次验证测试公司',
    domain: 'twofactor.localhost',
  },
} as const;

export const CAPTCHA_TENANT_APP_PICTURE = '/brand/platform-logo.svg';

interface SeedTenant {
  code: string;
  users?: { username: string; name: string; mobile?: string; roles?: string[]; department?: string }[];
  [field: string]: unknown;
}

const usersOf = (tenant: string) =>
  Object.values(E2E_USERS)
    .filter((user) => user.tenant === tenant)
    .map((user) => ({
      username: user.username,
      name: user.name,
      ...('mobile' in user ? { mobile: user.mobile } : {}),
      ...('department' in user ? { department: user.department } : {}),
      roles: 'roles' in user ? [...user.roles] : ['staff'],
    }));

export const buildE2eSeed = (): Record<string, unknown> => {
  const demo = JSON.parse(readFileSync(join(repoRoot, 'server', 'seed', 'demo.json'), 'utf8')) as {
    tenants: SeedTenant[];
    [field: string]: unknown;
  };
  const staffRole = { code: 'staff', name: '员工' };
  // Issue 13: a role that lists users of its holder's own department only (tenant-users.spec.ts).
  const departmentViewer = {
    code: 'dept-user-viewer',
    name: '本部门用户查看',
    permissions: ['user:list'],
    dataScope: 'department',
    menus: [],
  };
  // Issue 14: a role granted nothing, which the menu editor's test grants its new item to.
  const menuRole = { code: 'menu-e2e', name: 'E2E 菜单角色', menus: [] };
  const tenants: SeedTenant[] = demo.tenants.map((tenant) =>
    tenant.code === 'water'
      ? {
          ...tenant,
          roles: [...((tenant.roles as unknown[]) ?? []), staffRole, departmentViewer, menuRole],
          users: [...(tenant.users ?? []), ...usersOf('water'), ...E2E_SCOPE_USERS],
        }
      : tenant,
  );
  tenants.push(
    {
      ...E2E_TENANTS.secure,
      loginConfig: { title: '强制改密测试公司', forcePasswordChange: '1' },
      roles: [staffRole],
      users: usersOf('secure'),
      applications: ['workbench'],
    },
    {
      ...E2E_TENANTS.captcha,
      loginConfig: {
        title: '验证码测试公司',
        showVctCode: 1,
        appDownload: '1',
        appDownloadPic: CAPTCHA_TENANT_APP_PICTURE,
      },
      roles: [staffRole],
      users: [],
      applications: ['workbench'],
    },
    {
      ...E2E_TENANTS.twoFactor,
      twoFactorRequired: true,
      loginConfig: { title: '二次验证测试公司' },
      roles: [staffRole],
      users: usersOf('twofactor'),
      applications: ['workbench'],
    },
  );
  const { $schema: _schema, ...rest } = demo;
  // Issue 15: the message centre's member, classes and messages.
  return withMessageCentreSeed(withVersionsSeed(withShellSeed({ ...rest, tenants })));
};

/** Writes the seed into the given directory and returns its path, for SEED_FILE. */
export const writeE2eSeed = (directory: string): string => {
  const file = join(directory, 'e2e-seed.json');
  writeFileSync(file, `${JSON.stringify(buildE2eSeed(), null, 2)}\n`);
  return file;
};
