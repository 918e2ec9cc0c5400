/** The deepest a department may sit: the root is level 1. */
export const MAX_DEPARTMENT_DEPTH = 5;

/** The path of a department under `parentPath` (null: a root). */
export const childPath = (parentPath: string | null, id: string) => `${parentPath ?? ''}${id}/`;

/** The id a tenant's root department gets when the tenant is created (and migration 0016 gave it). */
export const rootDepartmentId = (tenantId: string) => `d-${tenantId}`;

/** A root department's name: the company's, cut to the column's 64 characters. */
export const rootDepartmentName = (tenantName: string) => [...tenantName].slice(0, 64).join('');
