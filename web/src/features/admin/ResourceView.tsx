import { App } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLocation } from 'react-router';
import { ADMIN_RESOURCE_ROUTES } from './admin-routes';
import { ResourcePage } from './ResourcePage';
import { useAdminTexts } from './use-admin-texts';
import './admin.css';

/** page.html's view for the admin routes built on a declaration (see admin-routes.ts). */
const ResourceView = () => {
  const { pathname } = useLocation();
  const { language } = useAdminTexts();
  // The date pickers and formats follow the page's language.
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  const declaration = ADMIN_RESOURCE_ROUTES[pathname];
  if (!declaration) return null;
  return (
    <App component={false}>
      <ResourcePage key={pathname} declaration={declaration} />
    </App>
  );
};

export default ResourceView;
