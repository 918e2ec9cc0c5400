import type { ShellMenu } from '@uniwim/contracts/client';
import { useEffect } from 'react';
import { matchMenu } from '../../lib/shell/menu-search';
import { parseOpenMenuRequest } from './open-in-shell';

/**
 * In the shell: opens the menu items its frames ask for (the homepage, the workbench), through the
 * shell's own opening (tabs, frame parameters, usage log). Only pages of this origin are heard, and
 * only items of the user's tree are opened.
 */
export const useMenuOpenRequests = (tree: readonly ShellMenu[], openMenu: (menu: ShellMenu) => void) => {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const request = parseOpenMenuRequest(event.data);
      if (!request) return;
      const menu = matchMenu(tree, { menuId: request.menuId });
      if (menu) openMenu(menu);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [tree, openMenu]);
};
