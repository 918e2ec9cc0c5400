export * from './admin/jobs';
export * from './admin/parameter-values';
export * from './admin/permissions';
export * from './admin/platform-settings';
export * from './admin/resource';
// Issue 16: access logs and watermark traces
export * from './admin/resources/access-logs';
export * from './admin/resources/api-clients';
export * from './admin/resources/applications';
export * from './admin/resources/departments';
export * from './admin/resources/dictionaries';
export * from './admin/resources/files';
// Issue 16: login log
export * from './admin/resources/login-logs';
export * from './admin/resources/menus';
export * from './admin/resources/message-classes';
// Issue 15: the message outbox and templated sending
export * from './admin/resources/message-outbox';
export * from './admin/resources/message-templates';
// Issue 15: notices.
export * from './admin/resources/notices';
export * from './admin/resources/operation-logs';
export * from './admin/resources/packages';
export * from './admin/resources/parameters';
export * from './admin/resources/platform-users';
export * from './admin/resources/tenant-ledger';
export * from './admin/resources/tenant-roles';
export * from './admin/resources/tenant-users';
export * from './admin/resources/tenants';
export * from './admin/resources/todos';
export * from './admin/resources/user-ledger';
export * from './admin/resources/versions';
export * from './admin/tenant-settings';
// Issue 25: admin pages by their path and declared parameter (scope)
export * from './admin-page-scope';
export * from './auth';
export * from './config-encoding';
export * from './custom-css';
export * from './envelope';
export * from './envelope-schema';
export * from './errors';
export * from './file-urls';
export * from './files';
// Issue 15: home and workbench
export * from './home';
export * from './invitations';
export * from './log-dead-letters';
export * from './login-config';
export * from './login-config-values';
export * from './menu-links';
export * from './menu-normalise';
export * from './menu-visibility';
export * from './menus';
// Issue 15: the message centre
export * from './message-centre';
export * from './message-send';
export * from './message-template-text';
export * from './oauth';
export * from './password-policy';
export * from './payloads';
export * from './search';
export * from './secret-answer';
export * from './semver';
export * from './shell';
export * from './shell-values';
export * from './sms';
// Issue 16: statistics and retention
export * from './statistics';
export * from './tenant-css';
// Issue 25: one time zone for what people read
export * from './time-zone';
export * from './todo-links';
export * from './todos';
export * from './validation';
export * from './watermark-trace';
