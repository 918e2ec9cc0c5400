import { BUILT_IN_ROUTES } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { findPageRoute, keptAfterVisit, MAX_KEPT_ROUTES, PAGE_ROUTES } from './route-table';

const route = (path: string) => findPageRoute(path)!;

describe('page.html route table (spec section 2)', () => {
  it('declares every built-in route once', () => {
    expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual([...BUILT_IN_ROUTES].sort());
  });

  it('shows /developingPage, /404, /preview and /downloadPage now; other routes are under development', () => {
    expect(route('/developingPage').view).toBe('developing');
    expect(route('/404').view).toBe('notFound');
    expect(route('/preview').view).toBe('preview');
    expect(route('/downloadPage').view).toBe('download');
    expect(route('/deviceList').view).toBe('developing');
    expect(findPageRoute('/nowhere')).toBeUndefined();
    expect(findPageRoute('/devicelist')).toBeUndefined();
  });

  it('caches application routes except deviceDetails, hedaHome, projectInfo, knowledgeSearch and knowledgeDetail', () => {
    for (const path of [
      '/deviceDetails',
      '/hedaHome',
      '/projectInfo',
      '/knowledgeSearch',
      '/knowledgeDetail',
    ]) {
      expect(route(path).cached).toBe(false);
    }
    for (const path of ['/homepage', '/deviceList', '/knowledge', '/train', '/developingPage', '/preview']) {
      expect(route(path).cached).toBe(true);
    }
    expect(route('/umpUser').cached).toBe(false);
  });

  it('shows the menus on Informatization, train and courseMore; hides menus and header on uploadBase and trainBaseDetail', () => {
    expect(PAGE_ROUTES.filter((r) => r.menus).map((r) => r.path)).toEqual([
      '/Informatization',
      '/train',
      '/courseMore',
    ]);
    expect(PAGE_ROUTES.filter((r) => !r.header).map((r) => r.path)).toEqual([
      '/uploadBase',
      '/trainBaseDetail',
    ]);
  });
});

describe('kept routes', () => {
  it('adds a cached route last and leaves out routes that are not cached', () => {
    expect(keptAfterVisit([], route('/preview'))).toEqual(['/preview']);
    expect(keptAfterVisit(['/preview'], route('/deviceDetails'))).toEqual(['/preview']);
    expect(keptAfterVisit(['/preview', '/404'], route('/preview'))).toEqual(['/404', '/preview']);
  });

  it('lets the longest unseen route go beyond the limit', () => {
    const many = [
      '/homepage',
      '/deviceList',
      '/knowledge',
      '/train',
      '/digital',
      '/404',
      '/preview',
      '/hedaCases',
      '/fileInfo',
      '/modelDtl',
    ];
    expect(many).toHaveLength(MAX_KEPT_ROUTES);
    expect(keptAfterVisit(many, route('/marketonline'))).toEqual([...many.slice(1), '/marketonline']);
  });
});

// Issue 15: home and workbench
describe('home and workbench routes', () => {
  it('shows /homepage and /saasWorkbench, kept when left', () => {
    expect(findPageRoute('/homepage')).toMatchObject({ view: 'home', cached: true, header: true });
    expect(findPageRoute('/saasWorkbench')).toMatchObject({ view: 'workbench', cached: true });
  });
});

describe('routes granted by the menus (issue 25)', () => {
  it('asks a grant for built application pages only', () => {
    expect(
      PAGE_ROUTES.filter((r) => r.grantedByMenu)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/homepage', '/saasWorkbench']);
    expect(route('/deviceList').grantedByMenu).toBe(false);
    expect(route('/umpUser').grantedByMenu).toBe(false);
    expect(route('/messageCenter').grantedByMenu).toBe(false);
  });
});
