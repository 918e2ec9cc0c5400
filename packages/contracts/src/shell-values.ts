// Constants of the shell's server calls, free of zod so browser code can import them from the client entry.

/** Usage log type 1: an application was opened; type 2: its package was downloaded (spec section 3). */
export const USAGE_LOG_TYPES = { access: 1, download: 2 } as const;
export type UsageLogType = (typeof USAGE_LOG_TYPES)[keyof typeof USAGE_LOG_TYPES];
/** Visitors log under this prefix followed by their visitor id (spec section 3). */
export const TOURIST_USER_PREFIX = 'tourist-';
/** A visitor id: what GET /ump/user/getCasualUser hands out, or a browser fingerprint (8-64 characters). */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Longest text POST /uniwim/message/chat/sendMessageToSelf sends. */
export const SEND_TO_SELF_MAX_LENGTH = 300;
/** "暂无下载包": the answer of POST /package-api/appPackage/search when an application has no package. */
export const NO_DOWNLOAD_PACKAGE_MESSAGE = '暂无下载包';
