import { randomBytes } from 'node:crypto';
import { traceIdOfBytes, type WatermarkTraceRequest } from '@uniwim/contracts';
import type { Database, Tx } from '../../platform/db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ActiveSession } from '../sessions/repo';
import { watermarkTraces } from './schema';

/** Watermarked views a session may open per minute: a person reading pages stays far below it. */
export const TRACES_PER_SESSION_PER_MINUTE = 120;
const USER_AGENT_MAX = 300;

interface TraceRow {
  tenantId: string | null;
  accountId: string;
  userName: string;
  kind: WatermarkTraceRequest['kind'];
  target: string;
  targetLabel: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** An export's trace: the framework's operator and request, and what was exported. */
export interface ExportTrace {
  tenantId: string | null;
  accountId: string;
  userName: string;
  /** The resource exported, e.g. `ump/admin/login-logs`. */
  target: string;
  /** Its title and the rows' filters, as the watermark log shows them. */
  targetLabel: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Issues watermark trace ids: one row per watermarked view or export (who, what, when, from where),
 * written in the session's tenant (or on the platform path for a session without one). One insert;
 * a random id that collides with an earlier one (1 in 2^40 per pair) is drawn again.
 */
export const createWatermarkTraces = (deps: {
  db: Database;
  rateLimiter: RateLimiter;
  nameOf(session: Pick<ActiveSession, 'accountId' | 'tenantId'>): Promise<string>;
}) => {
  const record = async (row: TraceRow): Promise<string> => {
    const write = async (traceId: string) => {
      const insert = async (tx: Tx) =>
        (
          await tx
            .insert(watermarkTraces)
            .values({ ...row, id: traceId, userAgent: row.userAgent?.slice(0, USER_AGENT_MAX) ?? null })
            .onConflictDoNothing()
            .returning({ id: watermarkTraces.id })
        ).length === 1;
      return row.tenantId === null ? deps.db.asPlatform(insert) : deps.db.withTenant(row.tenantId, insert);
    };
    for (;;) {
      const traceId = traceIdOfBytes(randomBytes(5));
      if (await write(traceId)) return traceId;
    }
  };

  return {
    issue: async (
      session: Pick<ActiveSession, 'accountId' | 'tenantId' | 'familyId'>,
      view: WatermarkTraceRequest,
      client: { ip: string | null; userAgent: string | null },
    ): Promise<string> => {
      await deps.rateLimiter.enforce(
        `watermark-trace:${session.familyId}`,
        TRACES_PER_SESSION_PER_MINUTE,
        60_000,
      );
      return record({
        tenantId: session.tenantId,
        accountId: session.accountId,
        userName: await deps.nameOf(session),
        kind: view.kind,
        target: view.target,
        targetLabel: view.targetLabel || null,
        ip: client.ip,
        userAgent: client.userAgent,
      });
    },

    /** An export's trace id, written into the file it names (no rate limit: exports have their own). */
    issueForExport: (trace: ExportTrace): Promise<string> =>
      record({ ...trace, kind: 'export', targetLabel: trace.targetLabel.slice(0, 200) }),
  };
};

export type WatermarkTraces = ReturnType<typeof createWatermarkTraces>;
