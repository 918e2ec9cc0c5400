import { operationLogAdminResource } from '../platform/admin/operation-logs-resource';
import type { ResourceDefinition } from '../platform/admin/resource-routes';
import type { Services } from '../services';
import { apiClientAdminResource } from './api-clients/admin-resource';
import { packageAdminResource } from './packages/admin-resource';
import { platformUserAdminResource } from './platform-users/admin-resource';
import { platformRoleAdminResource } from './platform-users/roles-resource';
import { tenantAdminResource } from './tenants/admin-resource';
import { tenantLedgerAdminResource } from './tenants/ledger-resource';

/** The administration resources the app serves, each declared in contracts and built by its module. */
export const adminResources = (services: Services): ResourceDefinition[] => {
  const announceMenuChange = (tenantId: string) => services.menuTrees.announceChange(tenantId);
  return [
    tenantAdminResource({
      announceMenuChange,
      sms: services.sms,
      endTenantSessions: (tenantId) => services.sessions.revokeTenant(tenantId),
      announceTenantChange: async () => {
        await Promise.all([services.tenants.changed(), services.accounts.changed()]);
      },
    }),
    packageAdminResource({ announceMenuChange }),
    platformUserAdminResource({
      sms: services.sms,
      endSessions: (accountId) => services.sessions.revokeAccount(accountId),
      unlock: (username) => services.lockout.unlock(username),
      accountsChanged: () => services.accounts.changed(),
    }),
    platformRoleAdminResource(),
    apiClientAdminResource({ announceChange: () => services.apiClients.changed() }),
    tenantLedgerAdminResource(),
    operationLogAdminResource(),
  ];
};
