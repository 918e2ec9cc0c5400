import { NOT_FOUND_ROUTE } from '@uniwim/contracts/client';
import { Spin } from 'antd';
import { Activity, Suspense, useState } from 'react';
import { type Location, Navigate, Route, Routes, useLocation } from 'react-router';
import { LAZY_VIEWS } from './lazy-view';
import { MenuGrantGate } from './MenuGrantGate';
import { useBusyWhileMounted } from './page-busy';
import type { PageTexts } from './page-texts';
import { findPageRoute, keptAfterVisit, type PageRoute } from './route-table';
import { ViewErrorBoundary } from './ViewErrorBoundary';

/** The routes kept mounted and the location each was last shown at. */
interface KeptMemory {
  paths: string[];
  locations: ReadonlyMap<string, Location>;
  /**
   * The location the memory was last brought up to date for. Compared by identity: the router makes
   * a new object per navigation, while location.key is "default" for every hash set from outside
   * (a link, the address bar, the shell changing the frame's hash).
   */
  seen: Location | null;
}

/** What a route shows while its view's code loads; the page counts as busy meanwhile. */
const ViewLoading = ({ texts }: { texts: PageTexts }) => {
  useBusyWhileMounted();
  return <Spin className="page-route__loading" description={texts.loading} />;
};

/**
 * One route's view at a fixed location. A hidden kept route keeps seeing the address it was left at
 * (its query included), so it neither re-renders for other routes' addresses nor loses its state.
 */
const RouteView = ({
  route,
  location,
  texts,
}: {
  route: PageRoute;
  location: Location;
  texts: PageTexts;
}) => {
  const View = LAZY_VIEWS[route.view];
  return (
    <div className="page-route" data-route={route.path}>
      <ViewErrorBoundary texts={texts}>
        <Suspense fallback={<ViewLoading texts={texts} />}>
          <Routes location={location}>
            <Route
              path="*"
              element={
                route.grantedByMenu ? (
                  <MenuGrantGate path={route.path}>
                    <View />
                  </MenuGrantGate>
                ) : (
                  <View />
                )
              }
            />
          </Routes>
        </Suspense>
      </ViewErrorBoundary>
    </div>
  );
};

/**
 * The built-in routes of page.html by hash. Cached routes (spec section 2: all but the few it lists)
 * stay mounted inside React's <Activity> when left: hidden, effects paused, state kept, shown again
 * as they were. Routes that are not cached unmount when left. Unknown routes go to /404.
 */
export const KeptRoutes = ({ texts }: { texts: PageTexts }) => {
  const location = useLocation();
  const route = findPageRoute(location.pathname);
  const [memory, setMemory] = useState<KeptMemory>({ paths: [], locations: new Map(), seen: null });

  // Brought up to date during render (React's pattern for state derived from a changed input), so
  // the shown route is already in the list on the render that shows it.
  if (route && memory.seen !== location) {
    const paths = keptAfterVisit(memory.paths, route);
    const locations = new Map([...memory.locations].filter(([path]) => paths.includes(path)));
    if (route.cached) locations.set(route.path, location);
    setMemory({ paths, locations, seen: location });
  }

  if (!route) return <Navigate to={NOT_FOUND_ROUTE} replace />;

  return (
    <>
      {memory.paths.map((path) => {
        const kept = findPageRoute(path)!;
        const shown = path === route.path;
        return (
          <Activity key={path} mode={shown ? 'visible' : 'hidden'}>
            <RouteView route={kept} location={shown ? location : memory.locations.get(path)!} texts={texts} />
          </Activity>
        );
      })}
      {!route.cached && <RouteView key={route.path} route={route} location={location} texts={texts} />}
    </>
  );
};
