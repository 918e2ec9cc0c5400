import { AppstoreOutlined } from '@ant-design/icons';
import { type Query, QueryClientProvider } from '@tanstack/react-query';
import { adminPageOf } from '@uniwim/contracts/client';
import { useEffect, useState } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { createQueryClient } from '../../app/QueryProvider';
import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { adminPageTitle } from '../admin/admin-page-titles';
import { KeptRoutes } from './KeptRoutes';
import { PageMenus } from './PageMenus';
import { usePageBusy } from './page-busy';
import { isRefusal } from './page-states';
import { type PageTexts, pageTexts } from './page-texts';
import { findPageRoute } from './route-table';
import './pages.css';

/**
 * Issue 25: a refused request makes its view the refusal page (ViewErrorBoundary), whichever view
 * asked; a query that draws its own refusal opts out with throwOnError: false.
 */
const throwRefusals = (error: Error, _query: Query<unknown, Error, unknown, readonly unknown[]>) =>
  isRefusal(error);

const PageChrome = ({ texts, framed }: { texts: PageTexts; framed: boolean }) => {
  const location = useLocation();
  const language = useLanguage();
  const route = findPageRoute(location.pathname);
  // The page's own title (an admin page's, by its route and declared scope), else its view's.
  const adminPage = adminPageOf(`${location.pathname}${location.search}`);
  const title =
    (adminPage && adminPageTitle(adminPage.key, language)) ??
    (route ? texts.titles[route.view] : texts.documentTitle);
  // In the shell's frame the tab names the page; opened on its own, the page names itself.
  const showHeader = !framed && (route?.header ?? true);
  // Busy while a request, a query or the view's code is under way: announced to assistive
  // technology, and what tests wait for.
  const busy = usePageBusy();

  useEffect(() => {
    if (!framed) document.title = title;
  }, [framed, title]);

  return (
    <div className="page-app" data-testid="page-app" data-route={route?.path ?? ''} aria-busy={busy}>
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
  // page.html's own cache, whose queries send refusals to the view's boundary.
  const [queryClient] = useState(() => createQueryClient({ throwOnError: throwRefusals }));
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <PageChrome texts={texts} framed={framed} />
      </HashRouter>
    </QueryClientProvider>
  );
};
