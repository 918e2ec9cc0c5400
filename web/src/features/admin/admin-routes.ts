import { type ResourceDeclaration, tenantLedgerResource } from '@uniwim/contracts';
import { apiClientsPage } from './pages/api-clients-page';
import { packagesPage } from './pages/packages-page';
import { platformUsersPage } from './pages/platform-users-page';
import { tenantsPage } from './pages/tenants-page';
import type { FormCustomisation } from './RecordForm';

/** One resource shown on a page, with what is special about its form. */
export interface ResourceTab extends FormCustomisation {
  declaration: ResourceDeclaration;
}

/** An admin route's page: one resource, or several as tabs (platform users and their roles). */
export interface AdminPageDefinition {
  tabs: readonly ResourceTab[];
}

const single = (declaration: ResourceDeclaration): AdminPageDefinition => ({ tabs: [{ declaration }] });

/** What each admin resource route shows; a route not listed still shows "功能开发中". */
export const ADMIN_RESOURCE_ROUTES: Readonly<Record<string, AdminPageDefinition>> = {
  '/dmpTenantManage': tenantsPage,
  '/dmpEmpower': packagesPage,
  '/dmpInterfaceAuthorization': apiClientsPage,
  '/dmpUser': platformUsersPage,
  '/tenantLedger': single(tenantLedgerResource),
};
