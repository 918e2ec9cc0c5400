import { operationLogAdminResource } from '../platform/admin/operation-logs-resource';
import type { ResourceDefinition } from '../platform/admin/resource-routes';
import type { Services } from '../services';
// Issue 16: access and watermark logs
import { accessLogAdminResources } from './access-logs/admin-resources';
import { apiClientAdminResource } from './api-clients/admin-resource';
import { applicationAdminResource } from './applications/admin-resource';
import { attachedFiles } from './applications/attached-files';
import { departmentAdminResource } from './departments/admin-resource';
import { dictionaryAdminResources } from './dictionaries/admin-resource';
import { fileAdminResources } from './files/admin-resource';
import { loginLogAdminResources } from './login-logs/resource';
import { menuAdminResources } from './menus/admin-resource';
import { messageClassAdminResource } from './messages/class-resource';
// Issue 15: the message outbox and templated sending
import { messageOutboxAdminResource } from './messages/outbox-resource';
import { messageTemplateAdminResource } from './messages/template-resource';
// Issue 15: notices.
import { noticeAdminResources } from './notices/admin-resource';
import { packageAdminResource } from './packages/admin-resource';
import { parameterAdminResources } from './parameters/admin-resource';
import { platformUserAdminResource } from './platform-users/admin-resource';
import { platformRoleAdminResource } from './platform-users/roles-resource';
import { tenantRoleAdminResource } from './roles/admin-resource';
import { tenantUserAdminResource } from './tenant-users/admin-resource';
import { tenantAdminResource } from './tenants/admin-resource';
import { tenantLedgerAdminResource } from './tenants/ledger-resource';
import { todoAdminResource } from './todos/admin-resource';
import { userLedgerAdminResources } from './user-ledger/resource';
import { versionAdminResource } from './versions/admin-resource';

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
    // Issue 14: the application catalogue and the menu trees (platform's and tenants' own).
    applicationAdminResource({
      files: attachedFiles(services.files, 'applications'),
      announceCatalogueChange: () => services.menuTrees.announceChange(null),
    }),
    ...menuAdminResources({
      files: attachedFiles(services.files, 'menus'),
      announceChange: (tenantId) => services.menuTrees.announceChange(tenantId),
      userOf: (accountId, tenantId) => services.currentUser.of({ accountId, tenantId }),
    }),
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
    departmentAdminResource(),
    tenantUserAdminResource({
      sms: services.sms,
      endMemberSessions: (tenantId, accountId) => services.sessions.revokeMember(tenantId, accountId),
      endSession: (familyId) => services.sessions.revoke({ familyId }),
      unlock: (username) => services.lockout.unlock(username),
      accountsChanged: () => services.accounts.changed(),
      tenantName: async (tenantId) => (await services.tenants.findById(tenantId))?.name ?? tenantId,
      // Issue 25: an import's activation SMS
      outbox: services.messages,
    }),
    tenantRoleAdminResource({ announceMenuChange, holdersChanged: () => services.currentUser.forget() }),
    ...userLedgerAdminResources({ lockedUsernames: () => services.lockout.lockedUsernames() }),
    versionAdminResource({
      packages: services.versionPackages,
      fileReferences: services.files,
      // A release changes the `_v` of every tenant it covers: the catalogue counter moved.
      announceChange: () => services.menuTrees.announceChange(null),
    }),
    // Files (issue 14, /resourceManagement): the platform's own and the active tenant's.
    ...fileAdminResources(services.files),
    ...dictionaryAdminResources({ announceChange: (tenantId) => services.dictionaries.changed(tenantId) }),
    ...parameterAdminResources(),
    // Issue 15: notices, the tenant's and the platform's (attachments through the files module).
    ...noticeAdminResources({
      files: services.files,
      // Issue 15: a must-read notice published or revoked issues or closes its to-dos too.
      announce: async (tenantId) => {
        await services.notices.announce(tenantId);
        await services.noticeTodos.noticeChanged(tenantId);
      },
      remind: (reminder) => services.notices.remind(reminder),
      outbox: services.messages,
    }),
    // Issue 15: messages and to-dos
    todoAdminResource(),
    messageClassAdminResource(),
    messageTemplateAdminResource({ wake: () => services.messages.wake() }),
    // Issue 15: the message outbox and templated sending
    messageOutboxAdminResource({ wake: () => services.messages.wake() }),
    // Issue 16: login log (the tenant's and every tenant's)
    ...loginLogAdminResources({
      lockedUsernames: () => services.lockout.lockedUsernames(),
      unlock: (username) => services.lockout.unlock(username),
    }),
    // Issue 16: the access log's tabs (usage, operations, API calls) and the watermark log
    ...accessLogAdminResources(),
  ];
};
