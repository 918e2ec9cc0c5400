import type { ShellMenu, UsageLogType } from '@uniwim/contracts/client';
import { touristUserName } from './visitor-id';

/** Spec section 7: where usage logs go, for signed-in users and for visitors. */
export const ACCESS_LOG_PATH = '/ump/accessLog/saveLog';
export const TOURIST_LOG_PATH = '/ump/accessTouristLog/saveLog';

/** Spec section 3 "Usage log", without the parts the sender adds (source, userName). */
export interface UsageLogEntry {
  type: UsageLogType;
  applicationId: string;
  applicationName?: string | null;
  functionId?: string | null;
  functionName?: string | null;
  path?: string | null;
  /** 1 succeeded (the spec's value). */
  result?: 0 | 1;
}

/** The entry for a menu item: its application, the item as function, and the address opened. */
export const usageLogFromMenu = (
  menu: ShellMenu,
  type: UsageLogType,
  path: string = menu.Val,
): UsageLogEntry => ({
  type,
  applicationId: menu.App.id,
  applicationName: menu.App.name,
  functionId: menu.Id,
  functionName: menu.Name,
  path: path.slice(0, 2000),
  result: 1,
});

/** "web", or the marker a desktop client passes (the shell's source query parameter, e.g. App). */
export const usageSource = (sourceParameter: string | null | undefined): string => {
  const value = (sourceParameter ?? '').trim();
  return /^[A-Za-z0-9_.-]{1,32}$/.test(value) ? value : 'web';
};

export interface UsageLogSender {
  post: (path: string, body: unknown) => Promise<unknown>;
  /** The signed-in user's token; null for a visitor. */
  token: string | null;
  source: string;
  /** The visitor id, obtained first if unknown (see getVisitorId). */
  visitorId: () => Promise<string>;
}

/**
 * Spec section 4 "Log saving": a signed-in user is logged with the real source, a visitor under
 * "tourist-" and the visitor id. Logging never breaks the page: failures resolve to false.
 */
export const saveUsageLog = async (sender: UsageLogSender, entry: UsageLogEntry): Promise<boolean> => {
  try {
    const body = { source: sender.source, result: 1, ...entry };
    if (sender.token) {
      await sender.post(ACCESS_LOG_PATH, body);
    } else {
      await sender.post(TOURIST_LOG_PATH, { ...body, userName: touristUserName(await sender.visitorId()) });
    }
    return true;
  } catch {
    return false;
  }
};
