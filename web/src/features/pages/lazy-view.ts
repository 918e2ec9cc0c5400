import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { prefetchHome } from '../home/home-prefetch';
import type { PageView } from './route-table';

/** Spec section 9: a page chunk that has not arrived within 120 seconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

/** Races a chunk import against the timeout, and clears the timer whichever way it ends. */
export const withChunkTimeout = <T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkTimeoutError(`Page chunk not loaded in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
};

type ViewModule = { default: ComponentType };

const loaders: Record<PageView, () => Promise<ViewModule>> = {
  developing: () => import('./views/DevelopingPage'),
  notFound: () => import('./views/NotFoundPage'),
  preview: () => import('./views/PreviewPage'),
  download: () => import('./views/DownloadPage'),
  resource: () => import('../admin/ResourceView'),
  settings: () => import('../platform-settings/PlatformSettingsView'),
  tenantSettings: () => import('../tenant-settings/TenantSettingsView'),
  // Issue 15: notices.
  noticeDetail: () => import('../notices/NoticeDetailView'),
  // Issue 15: home and workbench
  home: () => {
    // The homepage's data is asked for while its code loads.
    prefetchHome();
    return import('./views/HomePage');
  },
  workbench: () => import('./views/WorkbenchPage'),
  // Issue 15: the message centre; /todoList keeps its view (the resource page's), titled for members.
  messages: () => import('../message-centre/MessageCentreView'),
  todos: () => import('../admin/ResourceView'),
};

/** One lazy component per view, each its own chunk, loaded the first time a route shows it. */
export const LAZY_VIEWS: Record<PageView, LazyExoticComponent<ComponentType>> = {
  developing: lazy(() => withChunkTimeout(loaders.developing)),
  notFound: lazy(() => withChunkTimeout(loaders.notFound)),
  preview: lazy(() => withChunkTimeout(loaders.preview)),
  download: lazy(() => withChunkTimeout(loaders.download)),
  resource: lazy(() => withChunkTimeout(loaders.resource)),
  settings: lazy(() => withChunkTimeout(loaders.settings)),
  tenantSettings: lazy(() => withChunkTimeout(loaders.tenantSettings)),
  // Issue 15: notices.
  noticeDetail: lazy(() => withChunkTimeout(loaders.noticeDetail)),
  // Issue 15: home and workbench
  home: lazy(() => withChunkTimeout(loaders.home)),
  workbench: lazy(() => withChunkTimeout(loaders.workbench)),
  // Issue 15: the message centre; the members' to-dos
  messages: lazy(() => withChunkTimeout(loaders.messages)),
  todos: lazy(() => withChunkTimeout(loaders.todos)),
};
