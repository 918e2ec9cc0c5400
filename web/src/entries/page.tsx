import { prefetchHome } from '../features/home/home-prefetch';
import { isFramed, startPageSession } from '../features/pages/page-session';

// Spec section 4 "Frame ready": a token handed over in the address is saved before anything loads,
// so every call of the page's views goes out as the user the shell opened it for.
const framed = isFramed();
startPageSession(location, localStorage, framed);

// The homepage's data and code are asked for now, while React, antd and the routes load and
// evaluate, instead of once the route has rendered (issue 15: the first widget within 1 s). The app
// itself is a separate chunk so that this runs before it.
if (/^#\/homepage(?:[?/]|$)/.test(location.hash)) {
  prefetchHome();
  void import('../features/pages/views/HomePage').catch(() => undefined);
}
void import('./page-app').then(({ mountPageApp }) => mountPageApp(framed));
