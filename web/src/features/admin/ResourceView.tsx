import { App, Tabs } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLocation } from 'react-router';
import { ADMIN_RESOURCE_ROUTES, ADMIN_SCOPED_ROUTES } from './admin-routes';
import { localText } from './cells';
import { ResourcePage } from './ResourcePage';
import { useAdminTexts } from './use-admin-texts';
import './admin.css';

/** page.html's view for the admin routes built on declarations (see admin-routes.ts). */
const ResourceView = () => {
  const { pathname, search } = useLocation();
  const { language } = useAdminTexts();
  // The date pickers and formats follow the page's language.
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  // A route may name its scope in the query (the platform's /userLedger?scope=dmp).
  const page = ADMIN_SCOPED_ROUTES[`${pathname}${search}`] ?? ADMIN_RESOURCE_ROUTES[pathname];
  if (!page) return null;
  const [first] = page.tabs;
  if (page.view) {
    const View = page.view;
    return (
      <App component={false}>
        <View key={pathname} />
      </App>
    );
  }
  return (
    <App component={false}>
      {page.tabs.length === 1 && first ? (
        <ResourcePage key={`${pathname}${search}`} {...first} />
      ) : (
        <Tabs
          className="admin-tabs"
          items={page.tabs.map((tab) => ({
            key: tab.declaration.name,
            label: localText(tab.declaration.title, language),
            children: <ResourcePage {...tab} />,
          }))}
        />
      )}
    </App>
  );
};

export default ResourceView;
