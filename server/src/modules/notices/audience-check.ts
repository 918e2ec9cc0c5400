import type { NoticeCreate } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

type Audience = Pick<
  NoticeCreate,
  'audienceKind' | 'departmentIds' | 'includeSubDepartments' | 'roleIds' | 'accountIds'
>;

const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows;

const TARGETS = {
  departments: { field: 'departmentIds', table: 'departments', key: 'id', missing: '部门不存在' },
  roles: { field: 'roleIds', table: 'roles', key: 'id', missing: '角色不存在' },
  users: {
    field: 'accountIds',
    table: 'tenant_memberships',
    key: 'account_id',
    missing: '用户不属于当前租户',
  },
} as const;

/**
 * The audience as kept: only the list its kind uses (the others emptied), each id checked to be the
 * tenant's own department, role or member; an empty list answers NOTICE_AUDIENCE_EMPTY.
 */
export const checkAudience = async (tx: Tx, tenantId: string, audience: Audience) => {
  const kept = {
    audienceKind: audience.audienceKind,
    departmentIds: [] as string[],
    includeSubDepartments: audience.includeSubDepartments ?? true,
    roleIds: [] as string[],
    accountIds: [] as string[],
  };
  if (audience.audienceKind === 'all') return kept;
  const target = TARGETS[audience.audienceKind];
  const ids = [...new Set(audience[target.field] ?? [])];
  if (ids.length === 0) {
    throw new AppError('NOTICE_AUDIENCE_EMPTY', undefined, [
      { path: `body.${target.field}`, message: '请选择发布范围' },
    ]);
  }
  const found = new Set(
    rowsOf(
      await tx.execute(sql`SELECT ${sql.identifier(target.key)} AS id FROM ${sql.identifier(target.table)}
        WHERE tenant_id = ${tenantId} AND ${sql.identifier(target.key)} IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
    ).map((row) => row.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `${target.missing}：${missing.join('、')}`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: `body.${target.field}`, message }]);
  }
  kept[target.field] = ids;
  return kept;
};
