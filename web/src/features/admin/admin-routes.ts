import { type ResourceDeclaration, tenantsResource } from '@uniwim/contracts';

/** The declaration each admin resource route shows; a route not listed still shows "功能开发中". */
export const ADMIN_RESOURCE_ROUTES: Readonly<Record<string, ResourceDeclaration>> = {
  '/dmpTenantManage': tenantsResource,
};
