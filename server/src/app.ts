import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
// Issue 16: watermark trace ids
import { watermarkTraceRoutes } from './modules/access-logs/routes';
import { adminResources } from './modules/admin-resources';
import { registerApiClientAccess } from './modules/api-clients/register';
import { API_ACCESS_LOG_WRITER } from './modules/api-clients/usage-recorder';
import { appPackageRoutes } from './modules/app-packages/routes';
import { LOGIN_LOG_WRITER } from './modules/auth/login-log';
import { authRoutes } from './modules/auth/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { dictionaryRoutes } from './modules/dictionaries/routes';
import { fileRoutes } from './modules/files/routes';
import { createFileSweep } from './modules/files/sweep';
import { healthRoutes } from './modules/health/routes';
// Issue 15: home and workbench
import { homeRoutes } from './modules/home/routes';
import { keyRoutes } from './modules/keys/routes';
import { legacyLoginRoutes } from './modules/legacy-login/routes';
import { logDeadLetterRoutes } from './modules/log-dead-letters/routes';
import { loginConfigRoutes } from './modules/login-config/routes';
import { loginPageRoutes } from './modules/login-page/routes';
import { menuRoutes } from './modules/menus/routes';
// Issue 15: the message centre and the shell's live socket.
import { messageCentreRoutes } from './modules/message-centre/routes';
import { shellStreamRoutes } from './modules/message-centre/shell-stream';
import { messageRoutes } from './modules/messages/routes';
// Issue 15: notices.
import { noticeRoutes } from './modules/notices/routes';
import { createEntitlementSweep } from './modules/packages/sweep';
import { parameterRoutes } from './modules/parameters/routes';
import { platformSettingsRoutes } from './modules/platform-settings/routes';
import { qrLoginRoutes } from './modules/qr-login/routes';
import { registrationRoutes } from './modules/registration/routes';
import { searchRoutes } from './modules/search/routes';
import { smsRoutes } from './modules/sms/routes';
// Issue 16: statistics and retention
import { statisticsRoutes } from './modules/statistics/routes';
import { createDormancySweep } from './modules/tenant-settings/dormancy-sweep';
import { tenantSettingsRoutes } from './modules/tenant-settings/routes';
import { tenantSwitchRoutes } from './modules/tenant-switch/routes';
import { invitationRoutes } from './modules/tenant-users/invitation-routes';
import { todoRoutes } from './modules/todos/routes';
import { usageLogRoutes } from './modules/usage-logs/routes';
import { USAGE_LOG_WRITER } from './modules/usage-logs/service';
import { userRoutes } from './modules/users/routes';
import { announcingGrantChanges } from './platform/admin/grant-changes';
import { registerAdminResources } from './platform/admin/register';
import type { AdminFrameworkDeps } from './platform/admin/resource-routes';
import { registerAdminTransfers, type TransferFrameworkDeps } from './platform/admin/transfers';
import { startAfter } from './platform/background/start-after';
import { AppError } from './platform/errors';
import { registerErrorHandling, routerErrorAnswer } from './platform/http/error-handler';
import { registerOpenApi } from './platform/http/openapi';
import { registerSecretAnswers } from './platform/http/secret-answers';
import { registerSecurityHeaders, securityHeaders } from './platform/http/security-headers';
import { registerStaticWeb } from './platform/http/static-web';
import { registerUnstorableTextGuard } from './platform/http/unstorable-text';
import { loggerOptions } from './platform/logging';
import { createServices, type Infrastructure, type Services } from './services';

export interface BuildAppOptions extends Infrastructure {
  /** Replaces the JSON logger (tests capture log lines with it). */
  logger?: FastifyServerOptions['loggerInstance'];
  /** Serve web/dist; off in API-only tests. */
  serveWeb?: boolean;
  /** Tests only: faults injected into admin writes (a write must then leave nothing behind). */
  adminFaults?: AdminFrameworkDeps['faults'];
  /** Tests only: the job runner's timings and instance name. */
  jobRunner?: TransferFrameworkDeps['jobRunner'];
  /**
   * The outbox delivery and the job queue take their first look once this settles (main.ts: the
   * end of start-up); without it, at once.
   */
  backgroundWorkAfter?: Promise<unknown>;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  /** Stops accepting requests, finishes those in flight, then releases subscriptions. */
  close(): Promise<void>;
}

/** Builds the HTTP application from its infrastructure: plugins and modules, nothing else. */
export const buildApp = async (options: BuildAppOptions): Promise<App> => {
  const { config } = options;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const server = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: loggerOptions(config.logLevel) }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Requests that still arrive while the server closes get our 503 envelope (the hook below), not
    // Fastify's bare body without the security headers.
    return503OnClosing: false,
    requestIdHeader: 'x-request-id',
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a malformed or overlong path) in the envelope too.
    frameworkErrors: routerErrorAnswer(securityHeaders({ https })),
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.decorateRequest('session', null);

  let shuttingDown = false;
  const services = createServices(options, { logger: server.log });
  const unsubscribes = await Promise.all([
    services.loginConfig.listenForChanges(),
    services.platformSettings.listenForChanges(),
    services.tenantSettings.listenForChanges(),
    services.sessions.listenForRevocations(),
    services.accounts.listenForChanges(),
    services.menuTrees.listenForChanges(),
    services.tenants.listenForChanges(),
    services.apiClients.listenForChanges(),
    // The search index's background work (issue 14): nothing at start-up itself.
    services.search.start(),
    services.dictionaries.listenForChanges(),
    // Packages that start or end by date take effect without a write (issue 12).
    createEntitlementSweep({
      db: options.db,
      announceMenuChange: (tenantId) => services.menuTrees.announceChange(tenantId),
      onError: (error) => server.log.error({ err: error }, 'applying packages due by date failed'),
    }).start(),
    // Dormant members disabled by their tenant's policy (issue 13).
    createDormancySweep({
      db: options.db,
      announceAccountsChange: () => services.accounts.changed(),
      onError: (error) => server.log.error({ err: error }, 'disabling dormant members failed'),
    }).start(),
    // Files nothing uses, after their grace period (issue 14).
    createFileSweep({
      files: services.files,
      onError: (error) => server.log.error({ err: error }, 'cleaning up unused files failed'),
    }).start(),
    // Issue 15: notices published or revoked on any instance reach this one's open shells.
    services.notices.listenForChanges(),
    // Issue 15: the message outbox, delivered by every instance (each row by one of them).
    startAfter(
      options.backgroundWorkAfter,
      () => services.outboxWorker.start(),
      (error) => server.log.error({ err: error }, 'starting the message outbox delivery failed'),
    ),
    // Issue 15: live message and to-do counts; must-read notices whose time came become to-dos.
    services.messageCentre.counts.listenForChanges(),
    services.todoCounts.listenForChanges(),
    services.noticeTodos.start(),
    // Issue 16: log partitions ahead, retention and the nightly rollups (LOG_MAINTENANCE=off: not here).
    config.logMaintenance ? services.logMaintenance.start() : async () => undefined,
  ]);

  registerErrorHandling(server);
  registerUnstorableTextGuard(server);
  // While shutting down, answers close their connection, so keep-alive clients let go at once.
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  registerSecurityHeaders(server, { https });
  // Before the routes: each whose answer carries a secret is never stored by a cache.
  registerSecretAnswers(server);
  server.addHook('onRequest', async () => {
    if (shuttingDown) throw new AppError('NOT_READY', '服务正在关闭，请稍后重试');
  });
  await registerOpenApi(server);
  // The QR panel's socket only listens; anything a client sends is small or refused.
  await server.register(websocket, { options: { maxPayload: 1024 } });

  await server.register(
    healthRoutes({
      db: options.db,
      store: options.store,
      isShuttingDown: () => shuttingDown,
      logWriters: () => ({
        [LOGIN_LOG_WRITER]: services.loginLog.stats(),
        [USAGE_LOG_WRITER]: services.usageLogs.stats(),
        [API_ACCESS_LOG_WRITER]: services.apiUsage.stats(),
      }),
    }),
  );
  // API credentials (issue 12): the OAuth token endpoint, and the access log of every call a
  // credential makes, whichever route it calls; before the routes, so its hook covers them all.
  await registerApiClientAccess(server, { ...services, publicUrl: config.publicUrl });
  await server.register(keyRoutes(services.keys));
  await server.register(loginConfigRoutes(services));
  await server.register(authRoutes(services));
  await server.register(captchaRoutes(services));
  await server.register(legacyLoginRoutes(services));
  await server.register(smsRoutes(services));
  await server.register(registrationRoutes(services));
  await server.register(qrLoginRoutes(services));
  // The shell's server calls (issue 6, part B).
  await server.register(usageLogRoutes(services));
  await server.register(appPackageRoutes(services));
  await server.register(messageRoutes(services));
  await server.register(dictionaryRoutes(services));
  await server.register(parameterRoutes(services));
  await server.register(userRoutes(services));
  await server.register(invitationRoutes(services));
  await server.register(tenantSwitchRoutes(services));
  // The shell's menu trees (issue 6, part A).
  await server.register(menuRoutes(services));
  // Log rows the database refused (issue 11).
  await server.register(logDeadLetterRoutes(services));
  // The platform settings page (issue 12, /dmpSysConfigManagement).
  await server.register(platformSettingsRoutes({ ...services, db: options.db }));
  // The tenant settings page (issue 13, /tenantSettings).
  await server.register(tenantSettingsRoutes({ ...services, db: options.db }));
  // The header search and the search settings page (issue 14, /searchSet).
  await server.register(searchRoutes({ ...services, db: options.db }));
  // Files (issue 14): the one upload route of every page, and the url of every stored file.
  await server.register(fileRoutes({ ...services, db: options.db }));
  // Issue 15: the member's notices and the header's live count.
  await server.register(noticeRoutes(services));
  // Issue 15: messages and to-dos
  await server.register(todoRoutes(services));
  // Issue 15: the message centre and the shell's live socket of the header's counts.
  await server.register(messageCentreRoutes(services));
  await server.register(shellStreamRoutes(services));
  // Issue 15: home and workbench (/homepage, /saasWorkbench).
  await server.register(homeRoutes(services));
  // Issue 16: watermark trace ids (the access and watermark logs are admin resources).
  await server.register(watermarkTraceRoutes(services));
  // Issue 16: /loginStatistics and /systemVisitStatistics.
  await server.register(statisticsRoutes({ ...services, db: options.db }));
  // The administration pages' resources (issue 12 on): one list, declared in contracts.
  const resources = adminResources(services);
  // Every admin write that changes grants announces it to every instance (grant-changes.ts).
  const adminDb = announcingGrantChanges(options.db, services.menuTrees.grantsChanged);
  await registerAdminResources(
    server,
    { db: adminDb, permissions: services.permissions, auth: services.auth, faults: options.adminFaults },
    resources,
  );
  // Their export, import and the download centre's jobs, run by any instance (issue 12).
  await registerAdminTransfers(
    server,
    {
      db: adminDb,
      permissions: services.permissions,
      auth: services.auth,
      dataDir: config.dataDir,
      pubsub: options.pubsub,
      jobRunner: options.jobRunner,
      startAfter: options.backgroundWorkAfter,
      traceExport: services.watermarkTraces.issueForExport,
      zoneOf: services.timeZones.of,
    },
    resources,
  );
  if (options.serveWeb !== false) {
    // login.html filled in with the tenant's look (issue 11); every other file as built.
    await server.register(loginPageRoutes({ ...services, webDistDir: config.webDistDir }));
    await registerStaticWeb(server, config.webDistDir);
  }

  await server.ready();
  return {
    server,
    services,
    close: async () => {
      shuttingDown = true;
      // Connections that finish their last request during the close become idle: release them too.
      const releaseIdle = setInterval(() => server.server.closeIdleConnections(), 100);
      try {
        await server.close();
      } finally {
        clearInterval(releaseIdle);
      }
      await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
      // After the last request: attempts logged while the server was closing are written too.
      await services.loginLog.close();
    },
  };
};
