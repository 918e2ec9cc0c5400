/**
 * Opening a menu item of the user's tree from a page in the shell's frame (the homepage's quick
 * entries, the workbench): the page asks the shell, which opens it as its menus do (a tab with the
 * frame parameters, spec section 2). Opened on its own, the page goes to the shell with ?menuId=.
 */
export const OPEN_MENU_MESSAGE = 'uniwim:open-menu';

export interface OpenMenuRequest {
  type: typeof OPEN_MENU_MESSAGE;
  menuId: string;
}

/** A message a frame posted, if it is a well-formed request to open a menu item. */
export const parseOpenMenuRequest = (data: unknown): OpenMenuRequest | null => {
  if (typeof data !== 'object' || data === null) return null;
  const { type, menuId } = data as Record<string, unknown>;
  if (type !== OPEN_MENU_MESSAGE || typeof menuId !== 'string') return null;
  const id = menuId.trim();
  return id && id.length <= 100 ? { type, menuId: id } : null;
};

export const shellAddressFor = (menuId: string): string => `index.html?menuId=${encodeURIComponent(menuId)}`;

export const requestMenuOpening = (menuId: string, framed: boolean, win: Window = window): void => {
  if (framed && win.parent !== win) {
    win.parent.postMessage(
      { type: OPEN_MENU_MESSAGE, menuId } satisfies OpenMenuRequest,
      win.location.origin,
    );
    return;
  }
  win.location.assign(shellAddressFor(menuId));
};
