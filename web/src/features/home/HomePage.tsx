import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { readStoredToken } from '../../lib/storage-keys';
import { GettingStarted } from './GettingStarted';
import { ListWidgets } from './HomeListWidgets';
import { Banners, Greeting, KpiCards, QuickEntries, RecentVisits, useOverview } from './HomeWidgets';
import { homeTexts } from './home-texts';
import { SignInFirst } from './SignInFirst';
import './home.css';

/**
 * /homepage: the tenant-branded home. appTemp picks the layout: "default" stacks the banners, the
 * greeting and the KPI cards above the entries, the recent visits and the list widgets (notices,
 * to-dos, messages) in columns; "compact" keeps the entries and lists beside a side column of banners
 * and cards. Each widget asks the server on its own, so one failing leaves the rest. A new tenant's
 * administrators see the getting-started guide under the greeting (issue 25).
 */
const HomeContent = () => {
  const texts = useLocalizedTexts(homeTexts);
  const english = useLanguage() === 'en-US';
  const layout = useOverview().data?.layout ?? 'default';

  if (layout === 'compact') {
    return (
      <div className="home home--compact" data-testid="home-page" data-layout="compact">
        <div className="home__main">
          <Greeting texts={texts} />
          <GettingStarted texts={texts} />
          <QuickEntries texts={texts} />
          <ListWidgets texts={texts} english={english} />
          <RecentVisits texts={texts} />
        </div>
        <aside className="home__side">
          <Banners texts={texts} />
          <KpiCards texts={texts} english={english} />
        </aside>
      </div>
    );
  }
  return (
    <div className="home home--default" data-testid="home-page" data-layout="default">
      <Banners texts={texts} />
      <Greeting texts={texts} />
      <GettingStarted texts={texts} />
      <KpiCards texts={texts} english={english} />
      <div className="home__columns">
        <QuickEntries texts={texts} />
        <RecentVisits texts={texts} />
      </div>
      <ListWidgets texts={texts} english={english} />
    </div>
  );
};

/** A visitor (no stored token) is asked to sign in before anything is requested. */
const HomePage = () => {
  const texts = useLocalizedTexts(homeTexts);
  return readStoredToken() ? <HomeContent /> : <SignInFirst texts={texts} />;
};

export default HomePage;
