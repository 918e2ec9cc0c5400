import type { ParamValues } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { ActiveSession } from '../sessions/repo';
import type { ParameterRepo } from './repo';

/** Parameters: the platform's definitions and defaults, each overridden by the tenant's own value. */
export const createParameterService = (repo: ParameterRepo) => ({
  /**
   * GET /ump/param/get: every parameter readable by clients, or only `key` (NOT_FOUND when it is not
   * defined or not readable by clients, so the answer tells nothing about hidden ones).
   */
  get: async (session: Pick<ActiveSession, 'tenantId'>, key?: string): Promise<ParamValues> => {
    const values = await repo.clientValues(session.tenantId, key);
    if (key !== undefined && values.length === 0) throw new AppError('NOT_FOUND', `参数不存在：${key}`);
    return Object.fromEntries(values.map(({ key, value }) => [key, value]));
  },

  /** For server code only (a vendor's key, say): the effective value, a secret's included. */
  serverValueOf: (tenantId: string | null, key: string) => repo.serverValueOf(tenantId, key),
});

export type ParameterService = ReturnType<typeof createParameterService>;
