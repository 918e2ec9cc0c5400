import type { HomeWidget } from '@uniwim/contracts/client';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { createEarlyAnswers } from './early-answers';
import { homeApi } from './home-api';

/**
 * The homepage's first requests, sent while its code is still loading (page.html loads each view's
 * chunk on demand, and evaluating it took as long as the data itself in the bench): the widgets'
 * queries take these answers (`earlyOr`) instead of asking again. Small on purpose: it is in
 * page.html's own bundle.
 */
const home = homeApi(api);
const early = createEarlyAnswers();

/** Starts the homepage's requests (the greeting, the widget list and then each widget's data). */
export const prefetchHome = (): void => {
  if (!readStoredToken() || !early.isEmpty()) return;
  early.keep('overview', home.overview());
  early.keep('applications', home.applications());
  early.keep('recent', home.recent());
  const widgets = home.widgets();
  early.keep('widgets', widgets);
  void widgets
    .then((list: HomeWidget[]) => {
      for (const widget of list) early.keep(`widget:${widget.name}`, home.widget(widget.name));
    })
    .catch(() => undefined);
};

/** The answer started early for `key` (once), else a new request. */
export const earlyOr = <T>(key: string, ask: () => Promise<T>): Promise<T> => early.take(key, ask);
