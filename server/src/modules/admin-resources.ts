import type { ResourceDefinition } from '../platform/admin/resource-routes';
import type { Services } from '../services';
import { tenantAdminResource } from './tenants/admin-resource';

/** The administration resources the app serves, each declared in contracts and built by its module. */
export const adminResources = (services: Services): ResourceDefinition[] => [
  tenantAdminResource({
    sms: services.sms,
    endTenantSessions: (tenantId) => services.sessions.revokeTenant(tenantId),
    announceTenantChange: async () => {
      await Promise.all([services.tenants.changed(), services.accounts.changed()]);
    },
  }),
];
