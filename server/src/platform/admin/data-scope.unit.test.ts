import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { tenantMemberships } from '../../db/schema';
import {
  combineRoleScopes,
  dataScopeCondition,
  departmentsInSightCondition,
  type ViewerScope,
} from './data-scope';

const own = { id: 'd2', path: 'd1/d2/' };
const role = (
  dataScope: 'all' | 'custom' | 'department' | 'department_and_below' | 'self',
  custom: string[] = [],
) => ({
  isAdmin: false,
  dataScope,
  customDepartmentIds: custom,
});

describe('combining the roles of a viewer', () => {
  it('gives each of the five kinds its meaning', () => {
    expect(combineRoleScopes('a', [role('all')], own).all).toBe(true);
    expect(combineRoleScopes('a', [role('custom', ['d7', 'd5'])], own)).toMatchObject({
      all: false,
      departmentIds: ['d5', 'd7'],
      subtreePaths: [],
    });
    expect(combineRoleScopes('a', [role('department')], own)).toMatchObject({
      departmentIds: ['d2'],
      subtreePaths: [],
    });
    expect(combineRoleScopes('a', [role('department_and_below')], own)).toMatchObject({
      departmentIds: [],
      subtreePaths: ['d1/d2/'],
    });
    expect(combineRoleScopes('a', [role('self')], own)).toMatchObject({
      all: false,
      departmentIds: [],
      subtreePaths: [],
    });
  });

  it('takes the union of several roles, an administrator role or "all" winning', () => {
    expect(
      combineRoleScopes('a', [role('self'), role('custom', ['d9']), role('department')], own).departmentIds,
    ).toEqual(['d2', 'd9']);
    expect(combineRoleScopes('a', [role('self'), { ...role('self'), isAdmin: true }], own).all).toBe(true);
  });

  it('lets a member without a department hold a department scope, seeing only their own records', () => {
    const scope = combineRoleScopes('a', [role('department'), role('department_and_below')], null);
    expect(scope).toMatchObject({ all: false, departmentIds: [], subtreePaths: [] });
  });

  it('sees nothing but the own records without roles', () => {
    expect(combineRoleScopes('a', [], own)).toMatchObject({
      all: false,
      departmentIds: [],
      subtreePaths: [],
    });
  });
});

describe('the condition', () => {
  const dialect = new PgDialect();
  const render = (condition: ReturnType<typeof dataScopeCondition>) =>
    condition === undefined ? undefined : dialect.sqlToQuery(condition);

  it('is absent when everything is seen', () => {
    expect(
      dataScopeCondition(
        { all: true, accountId: 'a', departmentIds: [], subtreePaths: [] },
        {
          department: tenantMemberships.departmentId,
        },
      ),
    ).toBeUndefined();
  });

  it('is false, not absent, when nothing is seen and nobody owns the records', () => {
    const query = render(
      dataScopeCondition(
        { all: false, accountId: 'a', departmentIds: [], subtreePaths: [] },
        {
          department: tenantMemberships.departmentId,
        },
      ),
    );
    expect(query?.sql).toBe('false');
  });

  it('keeps ids and paths as parameters, a typed % or _ literal', () => {
    const query = render(
      dataScopeCondition(
        { all: false, accountId: 'a', departmentIds: ['d5'], subtreePaths: ['d1/d_2/'] },
        { department: tenantMemberships.departmentId, owner: tenantMemberships.accountId },
      ),
    );
    expect(query?.params).toEqual(['d5', 'd1/d\\_2/%', 'a']);
    expect(query?.sql).toContain('LIKE');
  });
});

describe("departments in sight, in the list's own statement", () => {
  const dialect = new PgDialect();
  const columns = { department: tenantMemberships.departmentId, owner: tenantMemberships.accountId };
  const render = (condition: ReturnType<typeof departmentsInSightCondition>) =>
    condition === undefined ? undefined : dialect.sqlToQuery(condition);
  const scope = (over: Partial<ViewerScope>): ViewerScope => ({
    all: false,
    accountId: 'me',
    departmentIds: [],
    subtreePaths: [],
    ownDepartmentId: 'd2',
    ownDepartmentPath: 'd1/d2/',
    ...over,
  });
  const below = (departmentId: string) => ({ departmentId, withBelow: true });

  it('is nothing, the department, or its subtree for a viewer who sees everything', () => {
    expect(departmentsInSightCondition('t', columns, undefined, scope({ all: true }))).toBeUndefined();
    const alone = render(
      departmentsInSightCondition(
        't',
        columns,
        { departmentId: 'd5', withBelow: false },
        scope({ all: true }),
      ),
    );
    expect(alone?.params).toEqual(['d5']);
    expect(alone?.sql).not.toContain('departments');
    const subtree = render(departmentsInSightCondition('t', columns, below('d5'), scope({ all: true })));
    expect(subtree?.sql).toContain('= ANY(ARRAY(SELECT d.id FROM departments d');
    // Both bounds of the path range, each its own scalar subquery (both index conditions).
    expect(subtree?.sql).toContain('d.path ~>=~ (SELECT p.path');
    expect(subtree?.sql).toContain("d.path ~<~ (SELECT left(p.path, -1) || '0'");
    expect(subtree?.params).toEqual(['t', 't', 'd5', 't', 'd5']);
  });

  it('intersects the filter with the scope inside one array the index reads', () => {
    const query = render(
      departmentsInSightCondition(
        't',
        columns,
        below('d1'),
        scope({ subtreePaths: ['d1/d2/'], departmentIds: ['d9'] }),
      ),
    );
    expect(query?.sql).toContain('d.path ~>=~');
    expect(query?.sql).toContain('d.id = ANY(');
    expect(query?.sql).toContain('d.path LIKE');
    expect(query?.params).toContain('d1/d2/%');
    // The own department (d2, under d1/d2/) is covered: no second way in for the viewer's row.
    expect(query?.sql).not.toContain('account_id');
  });

  it("keeps the viewer's own row in sight when the scope leaves their department out", () => {
    const self = render(departmentsInSightCondition('t', columns, undefined, scope({})));
    expect(self?.sql).toBe('"tenant_memberships"."account_id" = $1');
    expect(self?.params).toEqual(['me']);
    // With a filter: only when the filter covers the viewer's department.
    const filtered = render(
      departmentsInSightCondition('t', columns, below('d1'), scope({ departmentIds: ['d7'] })),
    );
    expect(filtered?.sql).toContain('"tenant_memberships"."account_id" = $');
    expect(filtered?.params).toContain('me');
  });
});
