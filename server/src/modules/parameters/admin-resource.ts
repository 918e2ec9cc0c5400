import {
  type PlatformParameterCreate,
  type PlatformParameterRow,
  type PlatformParameterUpdate,
  parameterValueProblem,
  platformParametersResource,
  type TenantParameterRow,
  type TenantParameterUpdate,
  tenantParametersResource,
} from '@uniwim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { plannedDefinition } from './definition-rules';
import { parameterAdminRepo as repo } from './repo';
import { platformParameters, tenantParameterValues } from './schema';

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;

const valueRefused = (message: string) =>
  new AppError('PARAMETER_VALUE_INVALID', message, [{ path: 'body.value', message }]);

const platformStore = (): ResourceStore<
  PlatformParameterRow,
  PlatformParameterCreate,
  PlatformParameterUpdate
> => ({
  label: (row) => `${row.name}（${row.key}）`,
  list: (tx, query) => repo.platformList(tx, query),
  get: (tx, id) => repo.platformOne(tx, id),

  create: async (tx, input) => {
    const id = newId('p-');
    const secret = input.type === 'secret';
    await tx.insert(platformParameters).values({
      id,
      key: input.key,
      name: input.name,
      type: input.type,
      value: secret ? null : (input.value ?? ''),
      secretValue: secret ? (input.value ?? null) : null,
      choices: input.choices ?? [],
      description: input.description ?? null,
      clientReadable: secret ? false : (input.clientReadable ?? false),
      tenantEditable: input.tenantEditable ?? false,
    });
    return (await repo.platformOne(tx, id))!;
  },

  update: async (tx, row, input, version) => {
    const planned = plannedDefinition(row, input);
    if (planned.recheckTenantValues) {
      const type = planned.values.type ?? row.type;
      const choices = planned.values.choices ?? row.choices;
      const unfit = (await repo.tenantValues(tx, row.id)).filter((value) =>
        parameterValueProblem(type, value, choices),
      ).length;
      if (unfit > 0) {
        throw new AppError('IN_USE', `有${unfit}个租户设置的值不符合新的类型或可选值，请先清除租户设置`);
      }
    }
    await updateAtVersion(tx, platformParameters, row.id, version, {
      ...planned.values,
      ...(planned.secretValue === undefined ? {} : { secretValue: planned.secretValue }),
    });
    return (await repo.platformOne(tx, row.id))!;
  },

  remove: async (tx, row) => {
    if (row.builtin) throw new AppError('BUILTIN_RECORD', `内置参数“${row.key}”不能删除`);
    if (row.overrideCount > 0) {
      throw new AppError('IN_USE', `有${row.overrideCount}个租户设置了参数“${row.key}”，请先清除租户设置`);
    }
    // Rows of tenants that went back to the default hold no value: they go with the parameter.
    await tx.delete(tenantParameterValues).where(eq(tenantParameterValues.parameterId, row.id));
    const removed = await tx
      .delete(platformParameters)
      .where(and(eq(platformParameters.id, row.id), eq(platformParameters.version, row.version)))
      .returning({ id: platformParameters.id });
    if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
  },

  actions: {
    'reset-overrides': async (tx, row) => {
      await tx
        .update(tenantParameterValues)
        .set({
          value: null,
          secretValue: null,
          version: sql`${tenantParameterValues.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(tenantParameterValues.parameterId, row.id));
      return undefined;
    },
  },
});

/**
 * Writes the tenant's value at the version it was read at: the first write inserts (0 → 1), later
 * ones update (also back to null: the default again); a stale version answers VERSION_CONFLICT.
 */
const writeTenantValue = async (
  tx: Tx,
  tenantId: string,
  parameterId: string,
  version: number,
  values: { value: string | null; secretValue: string | null },
) => {
  const written =
    version === 0
      ? await tx
          .insert(tenantParameterValues)
          .values({ tenantId, parameterId, ...values })
          .onConflictDoNothing()
          .returning({ version: tenantParameterValues.version })
      : await tx
          .update(tenantParameterValues)
          .set({ ...values, version: sql`${tenantParameterValues.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(tenantParameterValues.parameterId, parameterId),
              eq(tenantParameterValues.version, version),
            ),
          )
          .returning({ version: tenantParameterValues.version });
  if (written.length === 0) throw new AppError('VERSION_CONFLICT');
};

const tenantStore = (): ResourceStore<TenantParameterRow, never, TenantParameterUpdate> => ({
  label: (row) => `${row.name}（${row.key}）`,
  list: (tx, query, ctx) => repo.tenantList(tx, tenantOf(ctx), query),
  get: (tx, id, ctx) => repo.tenantOne(tx, tenantOf(ctx), id),

  update: async (tx, row, input, version, ctx) => {
    if (!row.tenantEditable) throw new AppError('PARAMETER_NOT_TENANT_EDITABLE');
    const problem = parameterValueProblem(row.type, input.value, row.choices);
    if (problem) throw valueRefused(problem);
    const secret = row.type === 'secret';
    await writeTenantValue(tx, tenantOf(ctx), row.id, version, {
      value: secret ? null : input.value,
      secretValue: secret ? input.value : null,
    });
    return (await repo.tenantOne(tx, tenantOf(ctx), row.id))!;
  },

  actions: {
    reset: async (tx, row, _body, ctx) => {
      if (row.version > 0) {
        await writeTenantValue(tx, tenantOf(ctx), row.id, row.version, { value: null, secretValue: null });
      }
      return undefined;
    },
  },
});

/** `/dmp/admin/parameters` and `/ump/admin/parameters` (/umpParameters). */
export const parameterAdminResources = (): ResourceDefinition[] => [
  {
    declaration: platformParametersResource,
    store: platformStore() as unknown as ResourceDefinition['store'],
  },
  { declaration: tenantParametersResource, store: tenantStore() as unknown as ResourceDefinition['store'] },
];
