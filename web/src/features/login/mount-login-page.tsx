import type { LoginConfig } from '@uniwim/contracts/client';
import { mountPage } from '../../app/mount';
import { LoginPage } from './LoginPage';

/**
 * Replaces the server's rendering of the sign-in page with the interface. The first render runs as a
 * transition, so React yields to the browser between components instead of holding the main thread
 * for the whole tree (on a slow phone that one task was most of the page's blocking time).
 */
export const mountLoginPage = (tenant: string | undefined, config: LoginConfig): void =>
  mountPage(<LoginPage tenant={tenant} initialConfig={config} />, { yieldWhileRendering: true });
