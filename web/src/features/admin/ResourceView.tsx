import { useQuery } from '@tanstack/react-query';
import { App, Tabs } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { PageFailure, PageRefused } from '../pages/page-states';
import { TenantRequired } from '../pages/TenantRequired';
import NotFoundPage from '../pages/views/NotFoundPage';
import { fetchCurrentUser } from '../session/current-user';
import { openingPermissionOf, type ResolvedAdminPage, resolveAdminPage } from './admin-routes';
import { localText } from './cells';
import { ResourcePage } from './ResourcePage';
import { useAdminTexts } from './use-admin-texts';
import { usePermissions } from './use-permissions';
import './admin.css';

/**
 * Issue 25: what an admin page needs before it asks anything of its own. A page of one tenant's data
 * outside any tenant says so and offers the switch; a page whose opening code the user lacks is
 * refused. Either way no request of the page goes out that the server would refuse.
 */
const AdminPageGate = ({ page, children }: { page: ResolvedAdminPage; children: ReactNode }) => {
  const user = useQuery({ queryKey: ['admin', 'current-user'], queryFn: () => fetchCurrentUser(api) });
  const tenantMissing = page.scope === 'ump' && user.data !== undefined && user.data.tenantId === null;
  const code = openingPermissionOf(page);
  const scope = page.scope ?? (user.data?.tenantId ? 'ump' : 'dmp');
  const permissions = usePermissions(scope, code !== null && user.isSuccess && !tenantMissing);
  if (user.isError) return <PageFailure error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data) return null;
  if (tenantMissing) return <TenantRequired />;
  if (code === null) return children;
  if (permissions.isError)
    return <PageFailure error={permissions.error} onRetry={() => void permissions.refetch()} />;
  if (!permissions.data) return null;
  return permissions.data.has(code) ? children : <PageRefused />;
};

/** page.html's view for the admin routes built on declarations (see admin-routes.ts). */
const ResourceView = () => {
  const { pathname, search } = useLocation();
  const { language } = useAdminTexts();
  // The date pickers and formats follow the page's language.
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  // The route and its declared scope choose the page (the platform's /umpDict?scope=dmp); the
  // frame's own parameters do not.
  const page = resolveAdminPage(pathname, search);
  if (!page) return <NotFoundPage />;
  const [first] = page.tabs;
  let content: ReactNode;
  if (page.view) {
    const View = page.view;
    content = <View key={page.key} />;
  } else if (page.tabs.length === 1 && first) {
    content = <ResourcePage key={page.key} {...first} />;
  } else {
    content = (
      <Tabs
        className="admin-tabs"
        items={page.tabs.map((tab) => ({
          key: tab.declaration.name,
          label: localText(tab.declaration.title, language),
          children: <ResourcePage {...tab} />,
        }))}
      />
    );
  }
  return (
    <App component={false}>
      <AdminPageGate key={page.key} page={page}>
        {content}
      </AdminPageGate>
    </App>
  );
};

export default ResourceView;
