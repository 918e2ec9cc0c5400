/**
 * The catalogue of typed error codes. A code's number and name never change once released;
 * the message is the default Chinese text shown to users (the spec's exact text where it gives one).
 */
export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

export const ErrorCodes = {
  BAD_REQUEST: { code: 40000, status: 400, message: '请求参数有误' },
  MALFORMED_JSON: { code: 40001, status: 400, message: '请求体不是有效的 JSON' },
  BAD_ENCODING: { code: 40002, status: 400, message: '数据编码有误' },
  UNSUPPORTED_MEDIA_TYPE: { code: 40003, status: 415, message: '不支持的请求内容类型' },
  BODY_TOO_LARGE: { code: 40004, status: 413, message: '请求体过大' },
  VALIDATION_FAILED: { code: 40005, status: 400, message: '请检查必填项' },
  CAPTCHA_INVALID: { code: 40006, status: 400, message: '验证码错误或已过期' },
  PASSWORD_UNDECRYPTABLE: { code: 40007, status: 400, message: '密码解密失败，请刷新页面后重试' },
  MOBILE_INVALID: { code: 40008, status: 400, message: '手机号有误' },
  BELOW_PLATFORM_FLOOR: { code: 40010, status: 400, message: '设置低于平台安全底线' },
  // Issue 24: an Authorization header of the Bearer scheme that is not one token (RFC 6750 invalid_request).
  AUTHORIZATION_MALFORMED: { code: 40011, status: 400, message: 'Authorization 请求头格式有误' },
  // Issue 24: the router's own refusals, before any route is chosen (40019, 41400).
  URL_MALFORMED: { code: 40019, status: 400, message: '请求地址有误' },
  URL_TOO_LONG: { code: 41400, status: 414, message: '请求地址过长' },
  SEARCH_SOURCE_UNKNOWN: { code: 40080, status: 400, message: '未知的搜索来源' },
  FILE_EMPTY: { code: 40070, status: 400, message: '文件内容为空' },
  FILE_PART_MISSING: { code: 40071, status: 400, message: '请选择要上传的文件' },
  PARAMETER_VALUE_INVALID: { code: 40060, status: 400, message: '参数值与参数类型不符' },
  INVALID_CHARACTERS: {
    code: 40009,
    status: 400,
    message: '请求参数含有无法保存的字符（空字符或不成对的代理项）',
  },
  // Issue 14, applications and menus (40040-40049, 40340-40349, 40440-40449, 40940-40949, 42241-42249).
  MENU_IMPORT_INVALID: { code: 40040, status: 400, message: '导入的菜单文件有误' },
  UNAUTHENTICATED: { code: 40100, status: 401, message: '未登录或登录已过期，请重新登录' },
  TOKEN_INVALID: { code: 40101, status: 401, message: '登录凭据无效，请重新登录' },
  INVALID_CREDENTIALS: { code: 40102, status: 401, message: '用户名或密码错误' },
  REFRESH_INVALID: { code: 40103, status: 401, message: '刷新凭据验证失败，请重新登录' },
  FORBIDDEN: { code: 40300, status: 403, message: '没有访问权限' },
  ACCOUNT_DISABLED: { code: 40301, status: 403, message: '账号已停用，请联系管理员' },
  TENANT_DISABLED: { code: 40302, status: 403, message: '租户已停用，请联系管理员' },
  TENANT_EXPIRED: { code: 40303, status: 403, message: '租户已过期，请联系管理员' },
  NOT_A_MEMBER: { code: 40304, status: 403, message: '该账号不属于此租户' },
  PASSWORD_CHANGE_REQUIRED: { code: 40305, status: 403, message: '请先修改密码' },
  SIGN_IN_IP_NOT_ALLOWED: {
    code: 40308,
    status: 403,
    message: '当前网络地址不在本租户允许登录的范围内，请联系管理员',
  },
  ACCOUNT_DORMANT: { code: 40309, status: 403, message: '账号长期未登录已被停用，请联系管理员' },
  LEGACY_URL_NOT_ALLOWED: { code: 40306, status: 403, message: '不允许的登录地址' },
  REGISTRATION_CLOSED: { code: 40307, status: 403, message: '该租户未开放注册' },
  MEMBERSHIP_EXPIRED: { code: 40310, status: 403, message: '账号在该租户的有效期已过，请联系管理员' },
  // Issue 24: accounts and delegation. Nobody grants, assigns or reaches what they do not hold.
  GRANT_NOT_HELD: { code: 40311, status: 403, message: '不能授予或分配自己没有的权限' },
  MEMBER_OUTRANKS: { code: 40312, status: 403, message: '该用户拥有您没有的权限，您不能对其执行此操作' },
  OWN_ROLES_UNCHANGEABLE: { code: 40313, status: 403, message: '不能修改自己的角色，请联系其他管理员' },
  ACCOUNT_NOT_OWNED: {
    code: 40314,
    status: 403,
    message: '该账号同时属于其他租户或平台，其登录凭据只能由本人或平台管理员修改',
  },
  INVITATION_PENDING: { code: 40315, status: 403, message: '该用户尚未接受加入邀请' },
  NOT_OWN_MOBILE: { code: 40320, status: 403, message: '只能发送到本人绑定的手机号' },
  APPLICATION_NOT_EMPOWERED: { code: 40321, status: 403, message: '该租户未开通此应用' },
  API_SCOPE_NOT_GRANTED: { code: 40330, status: 403, message: '接口凭据未获授权调用此接口' },
  CLIENT_IP_NOT_ALLOWED: { code: 40331, status: 403, message: '来源地址不在接口凭据的允许列表中' },
  MENU_NOT_OWN: {
    code: 40340,
    status: 403,
    message: '只能修改本租户自己的公共菜单，平台菜单和其他租户的菜单不能修改',
  },
  FILE_LINK_INVALID: { code: 40370, status: 403, message: '文件链接已过期或无效，请重新获取' },
  // Issue 15: notices.
  NOTICE_NOT_IN_AUDIENCE: { code: 40380, status: 403, message: '您不在该通知公告的发布范围内' },
  // Issue 15: messages and to-dos
  TODO_CLIENT_WITHOUT_TENANT: { code: 40390, status: 403, message: '接口凭据不属于任何租户，不能推送待办' },
  TODO_API_ONLY: { code: 40391, status: 403, message: '待办只能由应用通过接口凭据推送' },
  NOT_FOUND: { code: 40400, status: 404, message: '请求的资源不存在' },
  ROUTE_NOT_FOUND: { code: 40401, status: 404, message: '接口不存在' },
  TENANT_NOT_FOUND: { code: 40402, status: 404, message: '租户不存在' },
  MENU_NOT_FOUND: { code: 40403, status: 404, message: '菜单不存在' },
  ROLE_NOT_FOUND: { code: 40410, status: 404, message: '角色不存在' },
  MEMBER_NOT_FOUND: { code: 40411, status: 404, message: '用户不存在或不属于当前租户' },
  INVITATION_NOT_FOUND: { code: 40412, status: 404, message: '邀请不存在或已处理' },
  NO_DOWNLOAD_PACKAGE: { code: 40420, status: 404, message: '暂无下载包' },
  DOWNLOAD_LINK_EXPIRED: { code: 40421, status: 404, message: '下载链接已失效，请重新获取' },
  APPLICATION_NOT_FOUND: { code: 40440, status: 404, message: '应用不存在' },
  FILE_NOT_FOUND: { code: 40470, status: 404, message: '文件不存在或已删除' },
  // Issue 15: notices.
  NOTICE_NOT_FOUND: { code: 40480, status: 404, message: '通知公告不存在、未发布或已撤回' },
  // Issue 15: messages and to-dos
  TODO_NOT_FOUND: { code: 40490, status: 404, message: '待办不存在或已删除' },
  // Issue 15: home and workbench
  HOME_WIDGET_NOT_FOUND: { code: 40460, status: 404, message: '首页组件不存在或未启用' },
  METHOD_NOT_ALLOWED: { code: 40500, status: 405, message: '请求方法不被允许' },
  CONFLICT: { code: 40900, status: 409, message: '数据已存在' },
  MOBILE_TAKEN: { code: 40901, status: 409, message: '该手机号已注册' },
  USERNAME_TAKEN: { code: 40902, status: 409, message: '用户名已存在' },
  VERSION_CONFLICT: { code: 40910, status: 409, message: '数据已被他人修改，请刷新后重试' },
  IN_USE: { code: 40911, status: 409, message: '数据正在使用中，无法删除' },
  DOMAIN_TAKEN: { code: 40913, status: 409, message: '域名已被其他租户使用' },
  DUPLICATE: { code: 40912, status: 409, message: '数据重复' },
  SEAT_LIMIT_REACHED: { code: 40930, status: 409, message: '已达席位上限' },
  MEMBER_PROTECTED: { code: 40931, status: 409, message: '不能停用或删除自己或租户的最后一名管理员' },
  MENU_HAS_CHILDREN: { code: 40940, status: 409, message: '存在子菜单，不允许删除' },
  MENU_GRANTED: { code: 40941, status: 409, message: '菜单已分配给角色，确认后才能删除' },
  VERSION_IN_HISTORY: {
    code: 40950,
    status: 409,
    message: '已发布或已撤回的版本是发布历史的一部分，不能删除',
  },
  FILE_IN_USE: { code: 40970, status: 409, message: '文件正在被使用，不能删除' },
  // Issue 15: notices.
  NOTICE_PUBLISHED: { code: 40980, status: 409, message: '已发布的通知公告不能删除，请先撤回' },
  FILE_TOO_LARGE: { code: 40072, status: 413, message: '文件大小超过限制' },
  FILE_QUOTA_EXCEEDED: { code: 40073, status: 413, message: '存储空间已满，请清理文件或联系管理员扩容' },
  FILE_TYPE_NOT_ALLOWED: { code: 40074, status: 415, message: '不支持的文件类型' },
  FILE_RANGE_NOT_SATISFIABLE: { code: 41670, status: 416, message: '请求的文件范围无效' },
  RULE_BROKEN: { code: 42200, status: 422, message: '操作不符合业务规则' },
  PASSWORD_POLICY: { code: 42201, status: 422, message: '密码不符合规则' },
  OLD_PASSWORD_WRONG: { code: 42202, status: 422, message: '原始密码错误' },
  LEGACY_NOT_CONFIGURED: { code: 42203, status: 422, message: '该租户未配置原系统登录地址' },
  CODE_INVALID: { code: 42204, status: 422, message: '验证码错误或已失效' },
  QR_INVALID: { code: 42207, status: 422, message: '二维码已失效，请刷新后重试' },
  CODE_TOO_MANY_TRIES: { code: 42205, status: 422, message: '验证码错误次数过多，请重新获取' },
  NO_MOBILE: { code: 42206, status: 422, message: '该账号未绑定手机号' },
  LAST_TENANT_ADMIN: { code: 42210, status: 422, message: '租户至少需要保留一名管理员' },
  BUILTIN_RECORD: { code: 42211, status: 422, message: '内置数据不可修改或删除' },
  CONFIRMATION_MISMATCH: { code: 42212, status: 422, message: '确认内容与名称不一致' },
  NOT_IN_RECYCLE_BIN: { code: 42213, status: 422, message: '该数据不在回收站中' },
  API_CLIENT_REVOKED: { code: 42220, status: 422, message: '接口凭据已吊销，不能再修改或启用' },
  PACKAGE_DISABLED: { code: 42230, status: 422, message: '套餐已停用，不能分配' },
  SETTING_OUT_OF_RANGE: { code: 42240, status: 422, message: '设置值超出允许范围' },
  DICTIONARY_ITEM_LOCKED: { code: 42260, status: 422, message: '平台已锁定该字典数据，租户不能修改' },
  DICTIONARY_NOT_EXTENDABLE: { code: 42261, status: 422, message: '该平台字典不允许租户添加字典数据' },
  PLATFORM_DICTIONARY_READ_ONLY: { code: 42262, status: 422, message: '平台字典只能由平台管理员修改' },
  PARAMETER_NOT_TENANT_EDITABLE: { code: 42263, status: 422, message: '该参数由平台统一设置，租户不能修改' },
  PARAMETER_TYPE_CHANGE_REFUSED: {
    code: 42264,
    status: 422,
    message: '参数类型不能在密文与其他类型之间切换，请新建参数',
  },
  MENU_MOVE_CYCLE: { code: 42241, status: 422, message: '不能把菜单移到它自己或它的下级菜单下' },
  MENU_PARENT_INVALID: { code: 42242, status: 422, message: '上级菜单不存在或不属于同一应用' },
  APPLICATION_STATUS_INVALID: { code: 42243, status: 422, message: '应用当前的状态不能执行此操作' },
  VERSION_NOT_PUBLISHABLE: { code: 42250, status: 422, message: '已撤回的版本不能再发布，请新建版本' },
  VERSION_NOT_REVOCABLE: { code: 42251, status: 422, message: '只有已发布的版本可以撤回' },
  VERSION_FROZEN: { code: 42252, status: 422, message: '版本发布后不能修改版本号和安装包' },
  PACKAGE_NOT_READABLE: { code: 42253, status: 422, message: '安装包不是可读取的 zip 压缩包' },
  // Issue 15: notices.
  NOTICE_NOT_EDITABLE: { code: 42280, status: 422, message: '已发布或已撤回的通知公告不能修改' },
  NOTICE_NOT_PUBLISHABLE: {
    code: 42281,
    status: 422,
    message: '只有草稿可以发布，已撤回的通知公告请重新新建',
  },
  NOTICE_NOT_REVOCABLE: { code: 42282, status: 422, message: '只有已发布的通知公告可以撤回' },
  NOTICE_NOT_MUST_READ: { code: 42283, status: 422, message: '该通知公告不需要确认' },
  NOTICE_AUDIENCE_EMPTY: { code: 42284, status: 422, message: '请选择发布范围' },
  NOTICE_NOT_REMINDABLE: { code: 42285, status: 422, message: '只有已发布且未过期的通知公告可以提醒' },
  NOTICE_REMIND_TOO_SOON: { code: 42286, status: 422, message: '10分钟内已提醒过，请稍后再试' },
  // Issue 15: home and workbench
  HOME_WIDGET_UNKNOWN: { code: 42270, status: 422, message: '所选指标卡片不存在' },
  // Issue 15: the message centre
  MESSAGE_CLASS_NOT_SWITCHABLE: {
    code: 42295,
    status: 422,
    message: '该消息分类不允许个人关闭',
  },
  MESSAGE_NOT_FOUND: { code: 40430, status: 404, message: '消息不存在或已删除' },
  MESSAGE_CLASS_NOT_FOUND: { code: 40431, status: 404, message: '消息分类不存在或已删除' },
  LOCKED: { code: 42300, status: 423, message: '账号已锁定' },
  RATE_LIMITED: { code: 42900, status: 429, message: '请求过于频繁，请稍后再试' },
  CODE_RESEND_TOO_SOON: { code: 42901, status: 429, message: '验证码已发送，请稍后再试' },
  CODE_DAILY_LIMIT: { code: 42902, status: 429, message: '今日验证码发送次数已达上限，请明天再试' },
  INTERNAL: { code: 50000, status: 500, message: '服务器内部错误' },
  LEGACY_LOGIN_FAILED: { code: 50201, status: 502, message: '登录失败，请联系管理员' },
  SMS_SEND_FAILED: { code: 50202, status: 502, message: '操作失败，请联系管理员' },
  NOT_READY: { code: 50300, status: 503, message: '服务暂不可用' },
  STORE_UNAVAILABLE: { code: 50301, status: 503, message: '服务暂不可用（缓存服务无法连接），请稍后重试' },
  DATABASE_UNAVAILABLE: { code: 50302, status: 503, message: '服务暂不可用（数据库无法连接），请稍后重试' },
  FILE_STORAGE_UNAVAILABLE: { code: 50370, status: 503, message: '文件存储暂不可用，请稍后重试' },
  // Issue 15: the message outbox and templated sending
  MESSAGE_TEMPLATE_NOT_FOUND: { code: 40450, status: 404, message: '消息模板不存在' },
  MESSAGE_RECIPIENT_NOT_FOUND: { code: 40451, status: 404, message: '接收人不存在或不属于当前租户' },
  MESSAGE_TEMPLATE_IN_USE: {
    code: 40960,
    status: 409,
    message: '该消息模板已用于发送消息，不能删除，可将其停用',
  },
  MESSAGE_OUTBOX_NOT_RETRYABLE: { code: 40961, status: 409, message: '只有发送失败的消息可以重新发送' },
  MESSAGE_TEMPLATE_PARAMS_MISSING: { code: 42290, status: 422, message: '模板参数缺失' },
  MESSAGE_TEMPLATE_DISABLED: { code: 42291, status: 422, message: '消息模板已停用，不能发送' },
  MESSAGE_SEND_API_ONLY: { code: 40350, status: 403, message: '该接口只能由应用通过接口凭据调用' },
  MESSAGE_CLIENT_WITHOUT_TENANT: {
    code: 40351,
    status: 403,
    message: '接口凭据不属于任何租户，不能发送消息',
  },
  // Issue 16: login log (40360-40364, 42225-42229, 40471-40479).
  LOGIN_LOG_NOT_LOCKED: { code: 42225, status: 422, message: '该账号当前未被锁定，无需解锁' },
  LOGIN_LOG_NO_ACCOUNT: { code: 42226, status: 422, message: '该登录记录没有对应的账号，无法解锁' },
  // Issue 16: access logs and watermark traces (40365-40369, 42214-42219, 40441-40449)
  WATERMARK_TRACE_INVALID: {
    code: 42214,
    status: 422,
    message: '追踪码应为 8 位字母或数字（不含 I、L、O、U），请核对水印上的追踪码',
  },
  // Issue 16: statistics and retention
  STATISTICS_PERIOD_INVALID: {
    code: 42244,
    status: 422,
    message: '统计时间范围无效：开始日期不能晚于结束日期，且最长 366 天',
  },
  STATISTICS_DAY_NOT_PAST: {
    code: 42245,
    status: 422,
    message: '只能重建今天以前的统计（今天的统计实时计算）',
  },
  LOG_RETENTION_ABOVE_MAXIMUM: { code: 42246, status: 422, message: '日志保留天数不能超过平台设置的上限' },
  STATISTICS_RAW_LOGS_EXPIRED: {
    code: 40990,
    status: 409,
    message: '该日的原始日志已超过保留期被清理，重建会丢失已有统计',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ErrorCodes;

const byNumber = new Map<number, ErrorName>(
  (Object.entries(ErrorCodes) as [ErrorName, ErrorDefinition][]).map(([name, def]) => [def.code, name]),
);

export const errorNameOf = (code: number): ErrorName | undefined => byNumber.get(code);
