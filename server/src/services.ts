import type { Config } from './config';
import { createAccessService } from './modules/access/service';
import { createAccountsRepo } from './modules/auth/accounts-repo';
import { createChangePassword } from './modules/auth/change-password';
import { createCurrentUser } from './modules/auth/current-user';
import { createLockoutService } from './modules/auth/lockout-service';
import { createLoginLogRepo } from './modules/auth/login-log-repo';
import { createPasswordLogin } from './modules/auth/password-login';
import { createCaptchaService } from './modules/captcha/service';
import { createKeysRepo } from './modules/keys/repo';
import { createKeyService } from './modules/keys/service';
import { createLegacyLogin } from './modules/legacy-login/service';
import { createLoginConfigRepo } from './modules/login-config/repo';
import { createLoginConfigService } from './modules/login-config/service';
import { createMenusRepo } from './modules/menus/repo';
import { createSessionsRepo } from './modules/sessions/repo';
import { createSessionService } from './modules/sessions/service';
import { createTenantsRepo } from './modules/tenants/repo';
import { createTenantService } from './modules/tenants/service';
import { createUsersRepo } from './modules/users/repo';
import type { Database } from './platform/db/database';
import { createAuthGuard } from './platform/http/auth-guard';
import type { PubSub } from './platform/pubsub/pubsub';
import { createRateLimiter } from './platform/rate-limit';
import type { Store } from './platform/store/store';

export interface Infrastructure {
  config: Config;
  db: Database;
  store: Store;
  pubsub: PubSub;
}

/** The composition root: every service is made here from its dependencies, once per app. */
export const createServices = (infra: Infrastructure) => {
  const { config, db, store, pubsub } = infra;
  const sessions = createSessionService(createSessionsRepo(db), pubsub, {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    rememberMeTtlSeconds: config.rememberMeTtlSeconds,
  });
  const keys = createKeyService(createKeysRepo(db));
  const tenants = createTenantService(createTenantsRepo(db));
  const loginConfig = createLoginConfigService(createLoginConfigRepo(db), pubsub);
  const users = createUsersRepo(db);
  const accounts = createAccountsRepo(db);
  const captcha = createCaptchaService({ store });
  const lockout = createLockoutService(store);
  const loginLog = createLoginLogRepo(db);
  return {
    keys,
    tenants,
    loginConfig,
    menus: createMenusRepo(db),
    sessions,
    auth: createAuthGuard(sessions),
    access: createAccessService(users),
    accounts,
    captcha,
    lockout,
    loginLog,
    rateLimiter: createRateLimiter(store),
    currentUser: createCurrentUser({ users, tenants }),
    passwordLogin: createPasswordLogin({
      accounts,
      tenants,
      loginConfig,
      keys,
      captcha,
      lockout,
      sessions,
      loginLog,
    }),
    legacyLogin: createLegacyLogin({ tenants, loginConfig, keys, captcha, loginLog }),
    changePassword: createChangePassword({ accounts, keys, loginConfig, lockout, sessions }),
  };
};

export type Services = ReturnType<typeof createServices>;
