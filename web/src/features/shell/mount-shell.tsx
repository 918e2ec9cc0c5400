import { mountPage } from '../../app/mount';
import { ShellApp } from './ShellApp';
import type { ShellKind, ShellLoadOutcome } from './shell-data';
import type { ShellQuery } from './shell-query';

/** Renders the shell; `firstLoad` is the load start-shell began before this chunk arrived. */
export const mountShell = (kind: ShellKind, query: ShellQuery, firstLoad: Promise<ShellLoadOutcome>): void =>
  mountPage(<ShellApp kind={kind} query={query} firstLoad={firstLoad} />);
