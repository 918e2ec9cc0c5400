import { AppstoreOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { useLocalizedTexts } from '../../i18n/texts';
import { KeptRoutes } from './KeptRoutes';
import { PageMenus } from './PageMenus';
import { type PageTexts, pageTexts } from './page-texts';
import { findPageRoute } from './route-table';
import './pages.css';

const PageChrome = ({ texts, framed }: { texts: PageTexts; framed: boolean }) => {
  const location = useLocation();
  const route = findPageRoute(location.pathname);
  const title = route ? texts.titles[route.view] : texts.documentTitle;
  // In the shell's frame the tab names the page; opened on its own, the page names itself.
  const showHeader = !framed && (route?.header ?? true);

  useEffect(() => {
    if (!framed) document.title = title;
  }, [framed, title]);

  return (
    <div className="page-app" data-testid="page-app" data-route={route?.path ?? ''}>
      {showHeader && (
        <header className="page-app__header" data-testid="page-header">
          <AppstoreOutlined /> <span>{title}</span>
        </header>
      )}
      {route?.menus && <PageMenus texts={texts} />}
      <main className="page-app__body">
        <KeptRoutes texts={texts} />
      </main>
    </div>
  );
};

/** page.html: the built-in routes the shell opens in its frames as page.html#{path}. */
export const PageApp = ({ framed }: { framed: boolean }) => {
  const texts = useLocalizedTexts(pageTexts);
  return (
    <HashRouter>
      <PageChrome texts={texts} framed={framed} />
    </HashRouter>
  );
};
