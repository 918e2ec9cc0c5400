import type { Config } from './config';
import { createAccessService } from './modules/access/service';
import { createKeysRepo } from './modules/keys/repo';
import { createKeyService } from './modules/keys/service';
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
import type { Store } from './platform/store/store';

export interface Infrastructure {
  config: Config;
  db: Database;
  store: Store;
  pubsub: PubSub;
}

/** The composition root: every service is made here from its dependencies, once per app. */
export const createServices = (infra: Infrastructure) => {
  const { config, db, pubsub } = infra;
  const sessions = createSessionService(createSessionsRepo(db), pubsub, {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
  });
  return {
    keys: createKeyService(createKeysRepo(db)),
    tenants: createTenantService(createTenantsRepo(db)),
    loginConfig: createLoginConfigService(createLoginConfigRepo(db), pubsub),
    menus: createMenusRepo(db),
    sessions,
    auth: createAuthGuard(sessions),
    access: createAccessService(createUsersRepo(db)),
  };
};

export type Services = ReturnType<typeof createServices>;
