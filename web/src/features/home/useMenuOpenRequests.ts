import type { ShellMenu } from '@uniwim/contracts/client';
import { useEffect, useRef } from 'react';
import { matchMenu } from '../../lib/shell/menu-search';
import { parseOpenMenuRequest } from './open-in-shell';

/**
 * In the shell: opens the menu items its frames ask for (the homepage, the workbench), through the
 * shell's own opening (tabs, frame parameters, usage log). Only pages of this origin are heard, and
 * only items of the user's tree are opened.
 */
export const useMenuOpenRequests = (tree: readonly ShellMenu[], openMenu: (menu: ShellMenu) => void) => {
  // The latest tree and opener, read when a request arrives: one listener for the shell's lifetime.
  const latest = useRef({ tree, openMenu });
  latest.current = { tree, openMenu };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const request = parseOpenMenuRequest(event.data);
      if (!request) return;
      const menu = matchMenu(latest.current.tree, { menuId: request.menuId });
      if (menu) latest.current.openMenu(menu);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
};
