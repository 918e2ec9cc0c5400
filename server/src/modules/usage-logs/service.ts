import { createHash, randomBytes } from 'node:crypto';
import {
  type CasualUser,
  TOURIST_USER_PREFIX,
  type touristUsageLogBodySchema,
  type usageLogBodySchema,
} from '@uniwim/contracts';
import type { z } from 'zod';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { newId } from '../../platform/crypto/tokens';
import { BatchWriter } from '../../platform/db/batch-writer';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../auth/request-context';
import { clientInfoOf } from '../client-info/client-info';
import type { LogDeadLettersRepo } from '../log-dead-letters/repo';
import type { ActiveSession } from '../sessions/repo';
import type { UsersRepo } from '../users/repo';
import type { UsageLogRow, UsageLogsRepo } from './repo';

type UsageLog = z.output<typeof usageLogBodySchema>;
type TouristUsageLog = z.output<typeof touristUsageLogBodySchema>;

export interface UsageLogWriterSettings {
  flushIntervalMs: number;
  maxBatchRows: number;
  maxPendingRows: number;
}

/**
 * ~200 ms of delay at most. 1,000 rows (~300 KB of JSON) insert as fast per row as larger batches on
 * PGlite, and keep each insert short: on PGlite it runs on the main thread, between requests.
 */
export const DEFAULT_USAGE_LOG_WRITER: UsageLogWriterSettings = {
  flushIntervalMs: 200,
  maxBatchRows: 1_000,
  maxPendingRows: 50_000,
};

/** Where write failures are reported (the app's logger). */
export interface UsageLogReporter {
  warn(details: Record<string, unknown>, msg: string): void;
}

/** The writer's name in counters, log lines and dead letters. */
export const USAGE_LOG_WRITER = 'usage-logs';

const PLATFORM_GROUP = '';
/** The user name of logs an API credential posted. */
export const API_CLIENT_USER_PREFIX = 'client:';
const USER_AGENT_MAX = 300;

/**
 * Usage logs (spec section 3): applications opened and packages downloaded, by signed-in users and by
 * visitors. A request only queues its row and answers; rows are written in batches (see BatchWriter),
 * so logging never slows the page and thousands of logs a second cost a few inserts. A row the
 * database refuses is set aside in log_dead_letters; beyond maxPendingRows queued (a long database
 * outage) new logs are dropped and counted.
 */
export const createUsageLogService = (deps: {
  repo: UsageLogsRepo;
  users: UsersRepo;
  deadLetters: LogDeadLettersRepo;
  reporter: UsageLogReporter;
  settings?: UsageLogWriterSettings;
}) => {
  const settings = deps.settings ?? DEFAULT_USAGE_LOG_WRITER;
  const writer = new BatchWriter<UsageLogRow>({
    ...settings,
    name: USAGE_LOG_WRITER,
    groupOf: (row) => row.tenant_id ?? PLATFORM_GROUP,
    write: (group, rows) => deps.repo.insertBatch(group === PLATFORM_GROUP ? null : group, rows),
    deadLetter: (refused) => deps.deadLetters.record(USAGE_LOG_WRITER, refused),
    reporter: deps.reporter,
  });
  // Every log of a signed-in user names the account; user names change rarely, so keep them a minute.
  const userNames = new TtlCache<string>(60_000);
  const userNameOf = (accountId: string) =>
    userNames.getOrLoad(accountId, async () => {
      const account = await deps.users.findAccount(accountId);
      if (!account) throw new AppError('TOKEN_INVALID');
      return account.username;
    });

  const rowOf = (
    log: UsageLog | TouristUsageLog,
    who: {
      tenantId: string | null;
      accountId: string | null;
      visitorId: string | null;
      apiClientId?: string;
      userName: string;
    },
    context: RequestContext,
  ): UsageLogRow => {
    const info = clientInfoOf(context.ip, context.userAgent, who.apiClientId ? 'api' : context.channel);
    return {
      tenant_id: who.tenantId,
      id: newId('ul-'),
      account_id: who.accountId,
      visitor_id: who.visitorId,
      api_client_id: who.apiClientId ?? null,
      user_name: who.userName,
      source: log.source,
      type: log.type,
      application_id: log.applicationId,
      application_name: log.applicationName ?? null,
      function_id: log.functionId ?? null,
      function_name: log.functionName ?? null,
      path: log.path ?? null,
      result: log.result,
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      created_at: new Date().toISOString(),
      // Issue 16: region and device, parsed once here (memoised per address and agent).
      region_country: info.regionCountry,
      region_province: info.regionProvince,
      region_city: info.regionCity,
      device_type: info.deviceType,
      os: info.os,
      browser: info.browser,
      client: info.client,
    };
  };

  return {
    /** A signed-in user's log: the user and tenant are the session's, whatever the body says. */
    recordForUser: async (session: ActiveSession, log: UsageLog, context: RequestContext) => {
      const userName = await userNameOf(session.accountId);
      await writer.add(
        rowOf(
          log,
          { tenantId: session.tenantId, accountId: session.accountId, visitorId: null, userName },
          context,
        ),
      );
    },

    /**
     * A log posted with an API credential's token (scope usage-log:write): no account, the
     * credential's tenant, and "client:<client id>" as the user name the log pages show.
     */
    recordForClient: async (
      client: { clientId: string; tenantId: string | null },
      log: UsageLog,
      context: RequestContext,
    ) => {
      await writer.add(
        rowOf(
          log,
          {
            tenantId: client.tenantId,
            accountId: null,
            visitorId: null,
            apiClientId: client.clientId,
            userName: `${API_CLIENT_USER_PREFIX}${client.clientId}`,
          },
          context,
        ),
      );
    },

    /** A visitor's log, under "tourist-<visitor id>", in the tenant of the page they are on (if any). */
    recordForVisitor: async (log: TouristUsageLog, pageTenantId: string | null, context: RequestContext) => {
      const visitorId = log.userName.slice(TOURIST_USER_PREFIX.length);
      await writer.add(
        rowOf(log, { tenantId: pageTenantId, accountId: null, visitorId, userName: log.userName }, context),
      );
    },

    /** Writes everything queued so far (tests and the bench count rows after it). */
    flush: () => writer.flush(),
    /** At shutdown: writes what is queued; logs of requests still finishing are written as they come. */
    close: () => writer.close(),
    pendingCount: () => writer.pendingCount,
    /** Counts for readiness: queued, written, set aside, dropped, retried. */
    stats: () => writer.stats(),
  };
};

export type UsageLogService = ReturnType<typeof createUsageLogService>;

/**
 * A visitor identity. With the page's browser fingerprint the id is derived from it, so one browser
 * keeps one identity even after its storage was cleared (the shell clears local storage on load);
 * without one it is random. Nothing is stored: the id only attributes a visitor's usage logs, which are
 * rate-limited per client address, so an invented or guessed id gains nothing.
 */
export const casualUserFor = (fingerprint?: string): CasualUser => {
  const visitorId = fingerprint
    ? `v${createHash('sha256').update(`visitor:${fingerprint}`).digest('base64url').slice(0, 22)}`
    : `v${randomBytes(16).toString('base64url')}`;
  return { visitorId, userName: `${TOURIST_USER_PREFIX}${visitorId}` };
};
