import type { ParamValues } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { ActiveSession } from '../sessions/repo';
import type { ParamsRepo } from './repo';

/** Parameters: the platform's defaults, each overridden by the tenant's own value of the same key. */
export const createParamsService = (repo: ParamsRepo) => ({
  /** Every parameter, or only `key` (NOT_FOUND when neither the tenant nor the platform defines it). */
  get: async (session: Pick<ActiveSession, 'tenantId'>, key?: string): Promise<ParamValues> => {
    const { platform, tenant } = await repo.find(session.tenantId, key);
    const values = new Map<string, string>();
    for (const param of [...platform, ...tenant]) values.set(param.key, param.value);
    if (key !== undefined && !values.has(key)) throw new AppError('NOT_FOUND', `参数不存在：${key}`);
    return Object.fromEntries([...values].sort(([a], [b]) => a.localeCompare(b)));
  },
});

export type ParamsService = ReturnType<typeof createParamsService>;
