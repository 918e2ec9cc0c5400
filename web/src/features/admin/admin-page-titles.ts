import type { Language } from '../../lib/language';

interface PageTitle {
  zh: string;
  en: string;
}

/**
 * Issue 25: each admin page's own title, by its registry key (adminPageOf: the route and its declared
 * scope), as the admin menu names it. page.html shows it in its header and the browser tab when the
 * page is opened on its own (in the shell's frame the tab names the page).
 */
const ADMIN_PAGE_TITLES: Readonly<Record<string, PageTitle>> = {
  '/dmpTenantManage': { zh: '租户管理', en: 'Tenant management' },
  '/dmpEmpower': { zh: '应用授权', en: 'Application grants' },
  '/dmpInterfaceAuthorization': { zh: '接口授权', en: 'API credentials' },
  '/dmpUser': { zh: '平台用户', en: 'Platform users' },
  '/dmpSysConfigManagement': { zh: '系统配置管理', en: 'System configuration' },
  '/tenantLedger': { zh: '租户台账', en: 'Tenant register' },
  '/userLedger?scope=dmp': { zh: '用户台账（全部租户）', en: 'User register (all tenants)' },
  '/resourceManagement?scope=dmp': { zh: '平台文件', en: 'Platform files' },
  '/umpApplicationManager': { zh: '应用管理', en: 'Application management' },
  '/umpApplicationMenu': { zh: '应用菜单', en: 'Application menus' },
  '/umpVersioning': { zh: '版本管理', en: 'Versions' },
  '/tenantSettings': { zh: '租户设置', en: 'Tenant settings' },
  '/umpUser': { zh: '用户管理', en: 'Users' },
  '/umpRoleManager': { zh: '角色管理', en: 'Roles' },
  '/userLedger': { zh: '用户台账', en: 'User register' },
  '/umpDict': { zh: '数据字典', en: 'Dictionaries' },
  '/umpParameters': { zh: '参数配置', en: 'Parameters' },
  '/searchSet': { zh: '搜索设置', en: 'Search settings' },
  '/resourceManagement': { zh: '资源管理', en: 'Files' },
  '/umpApplicationMenu?scope=ump': { zh: '公共菜单', en: 'Public menus' },
  '/umpDict?scope=dmp': { zh: '平台数据字典', en: 'Platform dictionaries' },
  '/umpParameters?scope=dmp': { zh: '平台参数配置', en: 'Platform parameters' },
  '/umpNotice?scope=dmp': { zh: '平台通知公告', en: 'Platform notices' },
  '/umpNotice': { zh: '通知公告', en: 'Notices' },
  '/messageMessageTemplate': { zh: '消息模板', en: 'Message templates' },
  '/messageMessageClass': { zh: '消息分类', en: 'Message classes' },
  '/loginLog': { zh: '登录日志', en: 'Login log' },
  '/accessLogs': { zh: '访问日志', en: 'Access log' },
  '/ump/waterLog': { zh: '水印日志', en: 'Watermark log' },
  '/loginStatistics': { zh: '登录统计', en: 'Login statistics' },
  '/systemVisitStatistics': { zh: '系统访问统计', en: 'Visit statistics' },
  '/loginLog?scope=dmp': { zh: '登录日志（全部租户）', en: 'Login log (all tenants)' },
  '/accessLogs?scope=dmp': { zh: '全部访问日志', en: 'Access log (all tenants)' },
  '/ump/waterLog?scope=dmp': { zh: '全部水印日志', en: 'Watermark log (all tenants)' },
  '/loginStatistics?scope=dmp': { zh: '登录统计（全部租户）', en: 'Login statistics (all tenants)' },
  '/systemVisitStatistics?scope=dmp': {
    zh: '系统访问统计（全部租户）',
    en: 'Visit statistics (all tenants)',
  },
};

/** The title of the admin page with this registry key, in the language; undefined for other pages. */
export const adminPageTitle = (key: string, language: Language): string | undefined => {
  const title = ADMIN_PAGE_TITLES[key];
  return title && (language === 'en-US' ? title.en : title.zh);
};

/** Every key with a title (the registry's test holds it to the registry). */
export const TITLED_ADMIN_PAGES: readonly string[] = Object.keys(ADMIN_PAGE_TITLES);
