import { fileIdsIn, type HomeChecklist, type HomeKpi, type HomeList } from '@uniwim/contracts';
import type { Config } from './config';
import { createAccessService } from './modules/access/service';
// Issue 16: watermark trace ids
import { createWatermarkTraces } from './modules/access-logs/watermark-traces';
import { createApiClientService } from './modules/api-clients/service';
import { createApiUsageRecorder } from './modules/api-clients/usage-recorder';
import { createAppPackagesRepo } from './modules/app-packages/repo';
import { createAppPackageService } from './modules/app-packages/service';
import { createAccountDirectory } from './modules/auth/account-directory';
import { createAccountsRepo } from './modules/auth/accounts-repo';
import { createChangePassword } from './modules/auth/change-password';
import { createCodeLogin } from './modules/auth/code-login';
import { createCurrentUser } from './modules/auth/current-user';
import { createLockoutService } from './modules/auth/lockout-service';
import { createLoginLog, type LoginLogReporter } from './modules/auth/login-log';
import { createPasswordLogin } from './modules/auth/password-login';
import { createPasswordReset } from './modules/auth/password-reset';
import { createSignIn } from './modules/auth/sign-in';
import { createCaptchaService } from './modules/captcha/service';
import { createDictionaryRepo } from './modules/dictionaries/repo';
import { createDictionaryService } from './modules/dictionaries/service';
import { createFileService } from './modules/files/service';
import { createFileStorage } from './modules/files/storage/create-storage';
// Issue 15: home and workbench
// Issue 25: the getting-started guide of a new tenant's administrators
import { createSetupProgressReader, gettingStartedWidget } from './modules/home/getting-started';
import { registerKpiSources } from './modules/home/kpi-sources';
import { createHomeRepo } from './modules/home/repo';
import { createHomeService } from './modules/home/service';
import { createHomeWidgetRegistry, type HomeWidgetSource } from './modules/home/widget-registry';
import { createKeysRepo } from './modules/keys/repo';
import { createKeyService } from './modules/keys/service';
import { createLegacyLogin } from './modules/legacy-login/service';
import { createLogDeadLettersRepo } from './modules/log-dead-letters/repo';
import { createLoginConfigRepo } from './modules/login-config/repo';
import { createLoginConfigService } from './modules/login-config/service';
import { createMenusRepo } from './modules/menus/repo';
import { createMenuTreeService } from './modules/menus/service';
// Issue 15: the message centre, live header counts, must-read notices as to-dos.
import { createNoticeTodos } from './modules/message-centre/notice-todos';
import { createMessageCentreService } from './modules/message-centre/service';
import { createTodoCounts } from './modules/message-centre/todo-counts';
import { createUnreadMessagesReader, unreadMessagesWidget } from './modules/messages/home-widget';
import { createOutboxWorker } from './modules/messages/outbox-worker';
import { createMessageService } from './modules/messages/service';
// Issue 15: notices.
import { myNoticesWidget, unreadNoticesWidget } from './modules/notices/home-widget';
import { createNoticeMemberRepo } from './modules/notices/member-repo';
import { createNoticeService } from './modules/notices/service';
import { createParameterRepo } from './modules/parameters/repo';
import { createParameterService } from './modules/parameters/service';
import { createPlatformAccessRepo } from './modules/platform-access/repo';
import { createPermissionService } from './modules/platform-access/service';
import { createPlatformSettingsService } from './modules/platform-settings/service';
import { createQrLogin } from './modules/qr-login/service';
import { createRegistrationRepo } from './modules/registration/repo';
import { createRegistration } from './modules/registration/service';
import { createSearchModule } from './modules/search/module';
import { createSessionsRepo } from './modules/sessions/repo';
import { createSessionService } from './modules/sessions/service';
import { createVerificationCodes } from './modules/sms/code-service';
// Issue 16: statistics and retention
import { createStatisticsModule } from './modules/statistics/module';
import { createTenantImages } from './modules/tenant-settings/images';
import { createTenantSettingsService } from './modules/tenant-settings/service';
import { createTenantSwitchRepo } from './modules/tenant-switch/repo';
import { createTenantSwitch } from './modules/tenant-switch/service';
import { createInvitations } from './modules/tenant-users/invitations';
import { createTenantsRepo } from './modules/tenants/repo';
import { createTenantService } from './modules/tenants/service';
import { createTimeZones } from './modules/time-zones/time-zones';
import { myTodosWidget } from './modules/todos/home-widget';
import { createTodoService } from './modules/todos/service';
import { createUsageLogsRepo } from './modules/usage-logs/repo';
import { createUsageLogService } from './modules/usage-logs/service';
import { createUsersRepo } from './modules/users/repo';
import { createPackageChecker } from './modules/versions/package-check';
import type { Database } from './platform/db/database';
import { createAuthGuard } from './platform/http/auth-guard';
import { describeAuthGuard } from './platform/http/route-guards';
import type { PubSub } from './platform/pubsub/pubsub';
import { createRateLimiter } from './platform/rate-limit';
import { createSmsProvider, type SmsLogger } from './platform/sms';
import { withDeliveryStatus } from './platform/sms/delivery-status';
import type { Store } from './platform/store/store';

export interface Infrastructure {
  config: Config;
  db: Database;
  store: Store;
  pubsub: PubSub;
}

export interface ServiceOptions {
  /** The app's logger: SMS deliveries and failures, log writes being retried, search indexing failures. */
  logger: SmsLogger & LoginLogReporter & { error(details: Record<string, unknown>, msg: string): void };
}

/** The composition root: every service is made here from its dependencies, once per app. */
export const createServices = (infra: Infrastructure, options: ServiceOptions) => {
  const { config, db, store, pubsub } = infra;
  const loginConfig = createLoginConfigService(createLoginConfigRepo(db), pubsub);
  const sms = withDeliveryStatus(
    createSmsProvider(config.sms, { dataDir: config.dataDir, logger: options.logger }),
    config.sms.provider,
  );
  // The platform's settings (issue 12): its floors hold lock-out, passwords, sessions and two-factor.
  const platformSettings = createPlatformSettingsService({
    db,
    pubsub,
    smsStatus: () => sms.status(),
    announceLookChange: () => loginConfig.platformDefaultChanged(),
  });
  const passwordPolicyOf = platformSettings.passwordPolicyOf;
  const tenants = createTenantService(createTenantsRepo(db), pubsub);
  // Issue 25: the zone a reader reads times in: the active tenant's, the platform's outside one.
  const timeZones = createTimeZones({
    platformZone: platformSettings.timeZone,
    tenantZone: async (tenantId) => (await tenants.findById(tenantId))?.timeZone,
  });
  // Every upload of the product (issue 14): one module, one storage.
  const files = createFileService({
    db,
    storage: createFileStorage(config),
    settings: config.files,
    dataDir: config.dataDir,
  });
  // A tenant's own settings (issue 13): its look, and a policy held within the platform's floors.
  const tenantSettings = createTenantSettingsService({
    db,
    pubsub,
    store,
    floors: platformSettings.floors,
    effectiveLoginConfig: loginConfig.effective,
    announceLoginConfigChange: (tenantId) => loginConfig.tenantOverrideChanged(tenantId),
    announceTenantChange: () => tenants.changed(),
    announceAccountsChange: () => accounts.changed(),
    lookUsesFiles: async (tx, tenantId, look) => {
      await files.use(
        tx,
        fileIdsIn(Object.values(look)),
        {
          resource: 'tenant-settings',
          recordId: tenantId,
          field: 'signInLook',
        },
        { owner: tenantId },
      );
    },
  });
  const sessions = createSessionService(
    createSessionsRepo(db),
    pubsub,
    {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      rememberMeTtlSeconds: config.rememberMeTtlSeconds,
    },
    async (configured, tenantId) =>
      platformSettings.sessionWithinFloor(await tenantSettings.sessionPolicyFor(configured, tenantId)),
    tenants.admission,
  );
  const keys = createKeyService(createKeysRepo(db));
  const users = createUsersRepo(db);
  const access = createAccessService(users);
  const rateLimiter = createRateLimiter(store);
  const menus = createMenusRepo(db);
  const platformAccess = createPlatformAccessRepo(db);
  const accounts = createAccountDirectory(createAccountsRepo(db), pubsub);
  const captcha = createCaptchaService({ store });
  const lockout = createLockoutService({
    store,
    effectiveConfig: loginConfig.effective,
    holdToFloor: platformSettings.lockoutWithinFloor,
  });
  const logDeadLetters = createLogDeadLettersRepo(db);
  const loginLog = createLoginLog({ db, deadLetters: logDeadLetters, reporter: options.logger });
  const codes = createVerificationCodes({ store, sms });
  const signIn = createSignIn({
    accounts,
    tenants,
    sessions,
    loginLog,
    codes,
    store,
    operatorsNeedTwoFactor: platformSettings.operatorsNeedTwoFactor,
    recordMemberSignIn: (tenantId, accountId, ip) => users.recordSignIn(tenantId, accountId, ip),
    tenantSignInGate: tenantSettings.signInGate,
  });
  const registrationRepo = createRegistrationRepo(db);
  // API credentials (issue 12): client tokens beside user sessions, and what their calls leave behind.
  const apiClients = createApiClientService({ db, pubsub, rateLimiter, tenants: tenants.admission });
  const apiUsage = createApiUsageRecorder({ db, deadLetters: logDeadLetters, reporter: options.logger });
  const currentUser = createCurrentUser({ users, tenants, timeZones });
  // Issue 15: the message centre, live header counts, must-read notices as to-dos.
  const todoCounts = createTodoCounts({ db, pubsub });
  const noticeTodos = createNoticeTodos({
    db,
    todosChanged: (tenantId, accountIds) => todoCounts.announce(tenantId, accountIds),
    onError: (error) => options.logger.error({ err: error }, 'the to-dos of must-read notices failed'),
  });
  // Issue 15: notices (the member's side and the live count of open shells).
  const notices = createNoticeService(createNoticeMemberRepo(db), pubsub, db, {
    onError: (error) => options.logger.error({ err: error }, 'announcing scheduled notices failed'),
    onConfirmed: (member, noticeId) => noticeTodos.confirmed(member, noticeId),
  });
  // Issue 15: the message outbox and templated sending (the worker is started with the server).
  const outboxWorker = createOutboxWorker({
    db,
    sms,
    pubsub,
    onError: (error) => options.logger.error({ err: error }, 'message outbox delivery failed'),
  });
  const menuTrees = createMenuTreeService({
    repo: menus,
    pubsub,
    access,
    operatorCodes: async (accountId) => (await platformAccess.grantsOf(accountId))?.codes ?? [],
    tenantCodes: async (tenantId, accountId) => (await users.tenantGrantsOf(tenantId, accountId)).codes,
    // The current user's answer says whether they administer: it follows every grant change too.
    onGrantsChanged: () => currentUser.forget(),
  });
  return {
    files,
    platformSettings,
    timeZones,
    tenantSettings,
    tenantImages: createTenantImages(config.dataDir, files),
    passwordPolicyOf,
    keys,
    tenants,
    loginConfig,
    menus,
    sessions,
    // Its hooks described, so the OpenAPI document reads each route's security from them.
    auth: describeAuthGuard(createAuthGuard(sessions, apiClients)),
    apiClients,
    apiUsage,
    access,
    accounts,
    invitations: createInvitations({
      db,
      accountsChanged: () => accounts.changed(),
      grantsChanged: (tenantId) => menuTrees.grantsChanged(tenantId),
    }),
    captcha,
    lockout,
    loginLog,
    rateLimiter,
    currentUser,
    sms,
    codes,
    signIn,
    registrationRepo,
    passwordLogin: createPasswordLogin({
      accounts,
      tenants,
      loginConfig,
      keys,
      captcha,
      lockout,
      signIn,
      passwordPolicyOf,
    }),
    qrLogin: createQrLogin({ store, pubsub, accounts, tenants, signIn }),
    codeLogin: createCodeLogin({ accounts, codes, lockout, signIn }),
    passwordReset: createPasswordReset({ accounts, codes, keys, loginConfig, sessions, passwordPolicyOf }),
    registration: createRegistration({
      repo: registrationRepo,
      accounts,
      tenants,
      codes,
      keys,
      loginConfig,
      signIn,
      passwordPolicyOf,
    }),
    legacyLogin: createLegacyLogin({ tenants, loginConfig, keys, captcha, loginLog }),
    changePassword: createChangePassword({
      accounts,
      keys,
      loginConfig,
      lockout,
      sessions,
      passwordPolicyOf,
    }),
    // The shell's server calls (issue 6).
    usageLogs: createUsageLogService({
      repo: createUsageLogsRepo(db),
      users,
      deadLetters: logDeadLetters,
      reporter: options.logger,
    }),
    logDeadLetters,
    appPackages: createAppPackageService({
      repo: createAppPackagesRepo(db),
      access,
      store,
      dataDir: config.dataDir,
      files,
    }),
    // Application versions (issue 14): their packages are checked to be readable zip archives.
    versionPackages: createPackageChecker({ files, store, db, dataDir: config.dataDir }),
    messages: createMessageService({ db, users, rateLimiter, worker: outboxWorker }),
    // Dictionaries and parameters (issue 14): inherited from the platform, changed per tenant.
    dictionaries: createDictionaryService(createDictionaryRepo(db), pubsub),
    parameters: createParameterService(createParameterRepo(db)),
    users,
    tenantSwitch: createTenantSwitch({
      repo: createTenantSwitchRepo(db),
      users,
      tenants,
      sessions,
      loginLog,
    }),
    // The shell's menu trees (issue 6, part A).
    // Administration (issue 12): who holds which permission codes.
    permissions: createPermissionService({ repo: platformAccess }),
    menuTrees,
    // The header search and its settings (issue 14): menu items and applications filtered by the
    // user's menu tree, the admin console's pages by the admin menu.
    search: createSearchModule({ db, pubsub, menuTrees, reporter: options.logger }),
    // Issue 15: notices (the member's side and the live count of open shells).
    notices,
    // Issue 15: messages and to-dos
    todos: createTodoService({ db, changed: (tenantId, ids) => todoCounts.announce(tenantId, ids) }),
    // Issue 15: home and workbench. Other sections register their widgets on home.registry.
    home: createHome({ db, menuTrees, currentUser, loginConfig, access }, [
      gettingStartedWidget(createSetupProgressReader(db)),
      unreadNoticesWidget(notices),
      myNoticesWidget(notices),
      // The to-do service holds nothing but the database: a second one costs nothing.
      myTodosWidget(createTodoService({ db })),
      unreadMessagesWidget(createUnreadMessagesReader(db)),
    ]),
    // Issue 15: the message outbox and templated sending
    outboxWorker,
    // Issue 15: the message centre, live header counts, must-read notices as to-dos.
    messageCentre: createMessageCentreService({ db, pubsub }),
    todoCounts,
    noticeTodos,
    // Issue 16: watermark trace ids, named after the signed-in user's name (or account)
    watermarkTraces: createWatermarkTraces({
      db,
      rateLimiter,
      nameOf: async (session) => {
        const user = await currentUser.of(session);
        return user.name || user.username;
      },
    }),
    // Issue 16: statistics and retention (the pages' service; the log maintenance the app starts)
    ...statisticsOf(
      createStatisticsModule({
        db,
        logRetention: platformSettings.logRetention,
        timeZones,
        onError: (error) => options.logger.error({ err: error }, 'log maintenance failed'),
      }),
    ),
  };
};

// Issue 16: statistics and retention
const statisticsOf = (module: ReturnType<typeof createStatisticsModule>) => ({
  statistics: module.service,
  logMaintenance: module.maintenance,
});

// Issue 15: home and workbench
const createHome = (
  deps: Omit<Parameters<typeof createHomeService>[0], 'repo' | 'registry'> & { db: Database },
  /** Other sections' widgets, after the home module's own cards. */
  widgets: HomeWidgetSource<HomeKpi | HomeList | HomeChecklist>[],
) => {
  const repo = createHomeRepo(deps.db);
  const registry = createHomeWidgetRegistry();
  registerKpiSources(registry, repo);
  for (const widget of widgets) registry.register(widget);
  return createHomeService({ ...deps, repo, registry });
};

export type Services = ReturnType<typeof createServices>;
