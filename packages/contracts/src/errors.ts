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
  INVALID_CHARACTERS: {
    code: 40009,
    status: 400,
    message: '请求参数含有无法保存的字符（空字符或不成对的代理项）',
  },
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
  LEGACY_URL_NOT_ALLOWED: { code: 40306, status: 403, message: '不允许的登录地址' },
  REGISTRATION_CLOSED: { code: 40307, status: 403, message: '该租户未开放注册' },
  NOT_OWN_MOBILE: { code: 40320, status: 403, message: '只能发送到本人绑定的手机号' },
  APPLICATION_NOT_EMPOWERED: { code: 40321, status: 403, message: '该租户未开通此应用' },
  API_SCOPE_NOT_GRANTED: { code: 40330, status: 403, message: '接口凭据未获授权调用此接口' },
  CLIENT_IP_NOT_ALLOWED: { code: 40331, status: 403, message: '来源地址不在接口凭据的允许列表中' },
  NOT_FOUND: { code: 40400, status: 404, message: '请求的资源不存在' },
  ROUTE_NOT_FOUND: { code: 40401, status: 404, message: '接口不存在' },
  TENANT_NOT_FOUND: { code: 40402, status: 404, message: '租户不存在' },
  MENU_NOT_FOUND: { code: 40403, status: 404, message: '菜单不存在' },
  ROLE_NOT_FOUND: { code: 40410, status: 404, message: '角色不存在' },
  MEMBER_NOT_FOUND: { code: 40411, status: 404, message: '用户不存在或不属于当前租户' },
  NO_DOWNLOAD_PACKAGE: { code: 40420, status: 404, message: '暂无下载包' },
  DOWNLOAD_LINK_EXPIRED: { code: 40421, status: 404, message: '下载链接已失效，请重新获取' },
  METHOD_NOT_ALLOWED: { code: 40500, status: 405, message: '请求方法不被允许' },
  CONFLICT: { code: 40900, status: 409, message: '数据已存在' },
  MOBILE_TAKEN: { code: 40901, status: 409, message: '该手机号已注册' },
  USERNAME_TAKEN: { code: 40902, status: 409, message: '用户名已存在' },
  VERSION_CONFLICT: { code: 40910, status: 409, message: '数据已被他人修改，请刷新后重试' },
  IN_USE: { code: 40911, status: 409, message: '数据正在使用中，无法删除' },
  DUPLICATE: { code: 40912, status: 409, message: '数据重复' },
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
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ErrorCodes;

const byNumber = new Map<number, ErrorName>(
  (Object.entries(ErrorCodes) as [ErrorName, ErrorDefinition][]).map(([name, def]) => [def.code, name]),
);

export const errorNameOf = (code: number): ErrorName | undefined => byNumber.get(code);
