import type { Seed } from '../../db/seed/seed-schema';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { platformParameters, tenantParameterValues } from './schema';

/** The platform's parameters of a seed; answers their ids by key. */
export const seedPlatformParameters = async (tx: Tx, params: Seed['platform']['params']) => {
  const ids = new Map<string, string>();
  for (const param of params) {
    const id = newId('p-');
    ids.set(param.key, id);
    await tx.insert(platformParameters).values({
      id,
      key: param.key,
      name: param.name ?? param.description ?? param.key,
      type: param.type,
      value: param.value,
      choices: param.choices ?? [],
      description: param.description ?? null,
      builtin: param.builtin,
      clientReadable: param.clientReadable,
      tenantEditable: param.tenantEditable,
    });
  }
  return ids;
};

/** A tenant's own values of platform parameters (validate-seed checked each key is defined). */
export const seedTenantParameters = async (
  tx: Tx,
  tenantId: string,
  params: Seed['tenants'][number]['params'],
  platformIds: Map<string, string>,
) => {
  for (const param of params) {
    await tx
      .insert(tenantParameterValues)
      .values({ tenantId, parameterId: platformIds.get(param.key)!, value: param.value });
  }
};
