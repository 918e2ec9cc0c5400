// What browser code may import: no zod schemas here, so pages do not ship a schema library.

// Issue 25: admin pages by their path and declared parameter (scope)
export * from './admin-page-scope';
export type { LoginData, LoginResult, TokenAnswer } from './auth';
export * from './config-encoding';
export * from './custom-css';
export * from './envelope';
export type { ErrorEnvelope } from './envelope-schema';
export * from './errors';
// Issue 15: home and workbench
export type {
  GettingStartedStep,
  HomeApplication,
  HomeChecklist,
  HomeKpi,
  HomeList,
  HomeListItem,
  HomeOverview,
  HomeRecentItem,
  HomeWidget,
  HomeWidgetData,
  HomeWidgetSettings,
  WorkbenchLayout,
  WorkbenchLayoutBody,
} from './home';
export type { LoginConfig, LoginConfigOverride } from './login-config';
export * from './login-config-values';
export * from './menu-links';
export * from './menu-normalise';
export * from './menu-visibility';
export type { MenuItemNode, MenuTarget } from './menus';
export * from './password-policy';
export type { CurrentUser, PublicKeyAnswer, TenantLookup } from './payloads';
export type {
  HighlightRange,
  SearchAnalyticsAnswer,
  SearchAnswer,
  SearchGroup,
  SearchHit,
  SearchHotWordsAnswer,
  SearchOpen,
  SearchQueryFigure,
  SearchSettings,
  SearchSettingsAnswer,
  SearchShell,
  SearchSourceSetting,
  SearchSourceStatus,
} from './search';
export type { VerificationCodeType } from './sms';
export * from './validation';

// Types of the SMS, password-reset and registration calls: type-only imports, erased from the bundle.
import type { z } from 'zod';
import type {
  codeLoginBodySchema,
  forgetPasswordBodySchema,
  registrationDataSchema,
  sendCodeBodySchema,
  tenantSuggestionSchema,
} from './sms';

/** POST /dmp/verificationCode. */
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;
/** POST /dmp/verificationCodeLogin. */
export type CodeLoginBody = z.input<typeof codeLoginBodySchema>;
/** POST /dmp/forgetPwd; npwd is RSA-OAEP ciphertext like the login password. */
export type ForgetPasswordBody = z.input<typeof forgetPasswordBodySchema>;
/** The JSON POST /dmp/register carries base64-encoded in `data`. */
export type RegistrationData = z.input<typeof registrationDataSchema>;
/** GET /dmp/tenant/suggest answers a list of these. */
export type TenantSuggestion = z.infer<typeof tenantSuggestionSchema>;

// Issue 25: the login log's labels (the statistics pages' splits); one time zone for what people read
export * from './admin/resources/login-log-options';
export type { TodoRow, TodoStatus } from './admin/resources/todos';
// Issue 15: the message centre
export type {
  MessagePreference,
  MessagePreferences,
  MessageReadAnswer,
  MessageUnread,
  MyMessage,
  MyMessagesPage,
  ShellLiveMessage,
} from './message-centre';
// The shell's server calls (usage logs, packages, dictionaries, parameters, tenant switching): types only.
export type {
  AppPackageAnswer,
  AppPackageListItem,
  CasualUser,
  DictionaryItem,
  DictionaryQueryBody,
  DictionaryValues,
  MemberByPhone,
  ParamValues,
  SendMessageToSelfBody,
  TenantOption,
  TenantSwitchAnswer,
  TenantUserOauth,
  TouristUsageLogBody,
  UsageLogBody,
} from './shell';
export * from './shell-values';
// Issue 16: statistics and retention
export type {
  HeatCell,
  KeyedCount,
  Kpi,
  LoginStatistics,
  MaintenanceRunAnswer,
  TenantLogRetentionAnswer,
  VisitStatistics,
} from './statistics';
export { STATISTICS_MAX_DAYS } from './statistics';
export * from './time-zone';
export * from './todo-links';
export type { MyTodo, MyTodoPage, TodoCount } from './todos';
// Issue 16: watermark trace ids (browser-safe, no zod)
export * from './watermark-trace';
