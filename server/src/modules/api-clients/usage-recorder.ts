import { sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto/tokens';
import { BatchWriter, type BatchWriterReporter } from '../../platform/db/batch-writer';
import type { Database, Tx } from '../../platform/db/database';
import type { LogDeadLettersRepo } from '../log-dead-letters/repo';

/** One api_access_logs row, keyed by column name: a batch is sent as one JSON document. */
export interface ApiAccessLogRow {
  tenant_id: string | null;
  id: string;
  client_id: string;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  scope: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface ApiCall {
  tenantId: string | null;
  clientId: string;
  method: string;
  /** The route's pattern (/ump/param/get), or the path when no route matched. */
  route: string;
  path: string;
  status: number;
  durationMs: number;
  /** The scope the route asked of the credential, when it got that far. */
  scope?: string | null;
  ip: string;
  userAgent: string | null;
  /** The caller proved who it is (a valid token, or the right secret): it counts as a use. */
  authenticated: boolean;
}

/** The writer's name in counters, log lines and dead letters. */
export const API_ACCESS_LOG_WRITER = 'api-access-logs';

const PLATFORM_GROUP = '';
const PATH_MAX = 500;
const USER_AGENT_MAX = 300;
/** Calls per day are counted in memory and added to the table this often. */
const COUNT_FLUSH_INTERVAL_MS = 2_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The calendar day in China Standard Time (UTC+8 all year): the day operators read the counts by. */
export const chinaDayOf = (at: number): string => new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10);

const COLUMNS = sql.raw(
  'tenant_id, id, client_id, method, route, path, status, duration_ms, scope, ip, user_agent, created_at',
);
const insertRows = async (tx: Tx, rows: ApiAccessLogRow[]): Promise<void> => {
  await tx.execute(
    sql`INSERT INTO api_access_logs (${COLUMNS}) SELECT ${COLUMNS} FROM json_populate_recordset(NULL::api_access_logs, ${JSON.stringify(rows)}::json)`,
  );
};

interface ClientUse {
  callsByDay: Map<string, number>;
  lastUsedAt: number;
  lastUsedIp: string;
}

/**
 * What every call of a credential leaves behind, without a write of its own: the access-log row
 * goes through a BatchWriter (batched, retried in an outage, refused rows set aside, like the login
 * and usage logs), and the calls per day and the last use are summed in memory and added to the
 * database every two seconds in one transaction. If the process dies, at most those two seconds of
 * counts are lost; the access log itself is the exact record.
 */
export const createApiUsageRecorder = (deps: {
  db: Database;
  deadLetters: LogDeadLettersRepo;
  reporter: BatchWriterReporter;
}) => {
  const writer = new BatchWriter<ApiAccessLogRow>({
    name: API_ACCESS_LOG_WRITER,
    flushIntervalMs: 200,
    maxBatchRows: 1_000,
    maxPendingRows: 50_000,
    groupOf: (row) => row.tenant_id ?? PLATFORM_GROUP,
    // Rows of a tenant go in under that tenant's row-level security, the others on the platform path.
    write: (group, rows) =>
      group === PLATFORM_GROUP
        ? deps.db.asPlatform((tx) => insertRows(tx, rows))
        : deps.db.withTenant(group, (tx) => insertRows(tx, rows)),
    deadLetter: (refused) => deps.deadLetters.record(API_ACCESS_LOG_WRITER, refused),
    reporter: deps.reporter,
  });

  let uses = new Map<string, ClientUse>();
  const countUse = (clientId: string, at: number, ip: string, calls: number, day = chinaDayOf(at)) => {
    let use = uses.get(clientId);
    if (!use) {
      use = { callsByDay: new Map(), lastUsedAt: at, lastUsedIp: ip };
      uses.set(clientId, use);
    }
    use.callsByDay.set(day, (use.callsByDay.get(day) ?? 0) + calls);
    if (at >= use.lastUsedAt) {
      use.lastUsedAt = at;
      use.lastUsedIp = ip;
    }
  };

  let countsWriting: Promise<void> = Promise.resolve();
  const writeCounts = async (): Promise<void> => {
    if (uses.size === 0) return;
    const taken = uses;
    uses = new Map();
    try {
      await deps.db.asPlatform(async (tx) => {
        for (const [clientId, use] of taken) {
          for (const [day, calls] of use.callsByDay) {
            await tx.execute(sql`
              INSERT INTO api_client_daily_calls (client_id, day, calls) VALUES (${clientId}, ${day}, ${calls})
              ON CONFLICT (client_id, day) DO UPDATE SET calls = api_client_daily_calls.calls + EXCLUDED.calls`);
          }
          // A credential deleted meanwhile has no row: its counts have nothing left to describe.
          await tx.execute(sql`
            UPDATE api_clients SET last_used_at = ${new Date(use.lastUsedAt).toISOString()}, last_used_ip = ${use.lastUsedIp}
            WHERE id = ${clientId} AND (last_used_at IS NULL OR last_used_at <= ${new Date(use.lastUsedAt).toISOString()})`);
        }
      });
    } catch (error) {
      // The database is away (or the credential was purged between the two statements): the counts
      // go back and are tried again with the next ones.
      for (const [clientId, use] of taken) {
        for (const [day, calls] of use.callsByDay)
          countUse(clientId, use.lastUsedAt, use.lastUsedIp, calls, day);
      }
      deps.reporter.warn({ writer: 'api-client-daily-calls', err: error }, 'call counts not written yet');
      throw error;
    }
  };
  /** One write of the counts at a time: a flush waits for the one running, then writes the rest. */
  const flushCounts = (): Promise<void> => {
    countsWriting = countsWriting.catch(() => undefined).then(writeCounts);
    return countsWriting;
  };
  const timer = setInterval(() => {
    flushCounts().catch(() => undefined);
  }, COUNT_FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    record: (call: ApiCall): void => {
      const now = Date.now();
      void writer.add({
        tenant_id: call.tenantId,
        id: newId('aal-'),
        client_id: call.clientId,
        method: call.method,
        route: call.route.slice(0, PATH_MAX),
        path: call.path.slice(0, PATH_MAX),
        status: call.status,
        duration_ms: Math.max(0, Math.round(call.durationMs)),
        scope: call.scope ?? null,
        ip: call.ip,
        user_agent: call.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        created_at: new Date(now).toISOString(),
      });
      if (call.authenticated) countUse(call.clientId, now, call.ip, 1);
    },
    /** Writes every queued log row and count (tests read the tables after it). */
    flush: async () => {
      await Promise.all([writer.flush(), flushCounts()]);
    },
    close: async () => {
      clearInterval(timer);
      await Promise.all([writer.close(), flushCounts().catch(() => undefined)]);
    },
    stats: () => writer.stats(),
  };
};

export type ApiUsageRecorder = ReturnType<typeof createApiUsageRecorder>;
