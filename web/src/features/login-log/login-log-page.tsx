import { loginLogsResource, platformLoginLogsResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../admin/admin-routes';
import { LoginLogView } from './LoginLogView';

/** /loginLog: the tenant's login log; /loginLog?scope=dmp: every tenant's (admin_menu_items, migration 0036). */
export const loginLogPage: AdminPageDefinition = {
  tabs: [{ declaration: loginLogsResource }],
  view: () => <LoginLogView declaration={loginLogsResource} />,
};
export const platformLoginLogPage: AdminPageDefinition = {
  tabs: [{ declaration: platformLoginLogsResource }],
  view: () => <LoginLogView declaration={platformLoginLogsResource} />,
};
