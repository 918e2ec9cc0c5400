import type { ResourceDefinition } from '../platform/admin/resource-routes';
import type { Services } from '../services';
import { apiClientAdminResource } from './api-clients/admin-resource';
import { packageAdminResource } from './packages/admin-resource';
import { tenantAdminResource } from './tenants/admin-resource';

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
    apiClientAdminResource({ announceChange: () => services.apiClients.changed() }),
  ];
};
