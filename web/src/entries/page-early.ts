import { prefetchHome } from '../features/home/home-prefetch';

/**
 * Evaluated before page.html's main script and its React and antd modules (module scripts run in
 * document order): the homepage's data and code are asked for while the rest evaluates and renders,
 * instead of after the route has rendered (issue 15: the first widget within 1 s of navigation).
 * A page opened with a token in its address saves it in the main script: until then there is no
 * token here and nothing is asked early.
 */
if (/^#\/homepage(?:[?/]|$)/.test(location.hash)) {
  prefetchHome();
  void import('../features/pages/views/HomePage').catch(() => undefined);
}
