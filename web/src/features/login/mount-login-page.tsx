import type { LoginConfig } from '@uniwim/contracts/client';
import { mountRoot } from '../../app/mount-root';
import { QueryProvider } from '../../app/QueryProvider';
import { LoginPage } from './LoginPage';

/**
 * Replaces the server's rendering of the sign-in page with the interface. No antd here: the parts that
 * use it (SMS and registration forms, dialogs) load when shown, each inside AntdScope (app/lazy-antd.tsx).
 * The first render runs as a transition, so React yields to the browser between components instead of holding the main thread
 * for the whole tree (on a slow phone that one task was most of the page's blocking time).
 */
export const mountLoginPage = (tenant: string | undefined, config: LoginConfig): void =>
  mountRoot(
    <QueryProvider>
      <LoginPage tenant={tenant} initialConfig={config} />
    </QueryProvider>,
    { yieldWhileRendering: true },
  );
