import { menusResource, tenantMenusResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../../admin-routes';
import { MenuEditor } from './MenuEditor';

/** /umpApplicationMenu: the platform's global menu trees. */
export const menusPage: AdminPageDefinition = {
  tabs: [{ declaration: menusResource }],
  view: () => <MenuEditor scope="dmp" />,
};

/** /umpApplicationMenu?scope=ump: a tenant's own public items beside the global trees. */
export const tenantMenusPage: AdminPageDefinition = {
  tabs: [{ declaration: tenantMenusResource }],
  view: () => <MenuEditor scope="ump" />,
};
