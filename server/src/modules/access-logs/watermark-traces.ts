import { randomBytes } from 'node:crypto';
import { traceIdOfBytes, type WatermarkTraceRequest } from '@uniwim/contracts';
import type { Database, Tx } from '../../platform/db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ActiveSession } from '../sessions/repo';
import { watermarkTraces } from './schema';

/** Watermarked views a session may open per minute: a person reading pages stays far below it. */
export const TRACES_PER_SESSION_PER_MINUTE = 120;
const USER_AGENT_MAX = 300;

/**
 * Issues watermark trace ids: one row per watermarked view or export (who, what, when, from where),
 * written in the session's tenant (or on the platform path for a session without one). One insert;
 * a random id that collides with an earlier one (1 in 2^40 per pair) is drawn again.
 */
export const createWatermarkTraces = (deps: {
  db: Database;
  rateLimiter: RateLimiter;
  nameOf(session: Pick<ActiveSession, 'accountId' | 'tenantId'>): Promise<string>;
}) => ({
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
    const userName = await deps.nameOf(session);
    const write = async (traceId: string) => {
      const row = {
        id: traceId,
        tenantId: session.tenantId,
        accountId: session.accountId,
        userName,
        kind: view.kind,
        target: view.target,
        targetLabel: view.targetLabel || null,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      };
      const insert = async (tx: Tx) =>
        (
          await tx
            .insert(watermarkTraces)
            .values(row)
            .onConflictDoNothing()
            .returning({ id: watermarkTraces.id })
        ).length === 1;
      return session.tenantId === null
        ? deps.db.asPlatform(insert)
        : deps.db.withTenant(session.tenantId, insert);
    };
    for (;;) {
      const traceId = traceIdOfBytes(randomBytes(5));
      if (await write(traceId)) return traceId;
    }
  },
});

export type WatermarkTraces = ReturnType<typeof createWatermarkTraces>;
