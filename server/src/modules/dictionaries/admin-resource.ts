import type { ResourceDefinition } from '../../platform/admin/resource-routes';
import { type DictionaryChangeDeps, platformDictionaryAdminResources } from './platform-resources';
import { tenantDictionaryAdminResources } from './tenant-resources';

/** The dictionary pages' resources (/umpDict): the platform's, and the active tenant's view and own. */
export const dictionaryAdminResources = (deps: DictionaryChangeDeps): ResourceDefinition[] => [
  ...platformDictionaryAdminResources(deps),
  ...tenantDictionaryAdminResources(deps),
];
