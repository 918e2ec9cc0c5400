import { z } from 'zod';
import { recordVersionSchema } from '../../integers';
import { defineResource } from '../resource';
import { STATUS_OPTIONS } from './tenants';

const id = z.string().trim().min(1).max(100);
const name = z.string().trim().min(1, '请输入部门名称').max(64, '部门名称最多64个字符');

/** A department of the active tenant's organisation chart (issue 13). */
export const departmentRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  name: z.string(),
  /** The ids from the root down to the department, each followed by '/'. */
  path: z.string(),
  /** The root is level 1; five levels at most. */
  depth: z.number().int(),
  sort: z.number().int(),
  leaderAccountId: z.string().nullable(),
  leaderName: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  remark: z.string().nullable(),
  /** Members placed directly in the department. */
  memberCount: z.number().int(),
  childCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type DepartmentRow = z.infer<typeof departmentRowSchema>;

export const departmentCreateSchema = z.strictObject({
  parentId: id,
  name,
  sort: z.number().int().min(0).max(1_000_000).optional(),
  leaderAccountId: id.nullable().optional(),
  remark: z.string().trim().max(500).nullable().optional(),
});
export type DepartmentCreate = z.infer<typeof departmentCreateSchema>;

export const departmentUpdateSchema = z.strictObject({
  name: name.optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
  leaderAccountId: id.nullable().optional(),
  remark: z.string().trim().max(500).nullable().optional(),
});
export type DepartmentUpdate = z.infer<typeof departmentUpdateSchema>;

/** Drag and drop: a new parent, and where among its children (sort) the department lands. */
export const departmentMoveSchema = z.strictObject({
  parentId: id,
  sort: z.number().int().min(0).max(1_000_000).optional(),
  /** The version the tree was read at (a stale drag answers VERSION_CONFLICT); the current one if absent. */
  version: recordVersionSchema.optional(),
});
export type DepartmentMove = z.infer<typeof departmentMoveSchema>;

/** The whole tree in one answer (the user page's left panel): flat, parents before children. */
export const departmentTreeNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  depth: z.number().int(),
  sort: z.number().int(),
  status: z.enum(['active', 'disabled']),
  leaderAccountId: z.string().nullable(),
  /** Members placed directly in it; the web adds a subtree's up. */
  memberCount: z.number().int(),
  version: z.number().int(),
});
export type DepartmentTreeNode = z.infer<typeof departmentTreeNodeSchema>;

export const departmentsResource = defineResource({
  name: 'departments',
  scope: 'ump',
  title: { zh: '部门', en: 'Department' },
  row: departmentRowSchema,
  create: departmentCreateSchema,
  update: departmentUpdateSchema,
  filters: { name: 'contains', status: 'equals', parentId: 'equals' },
  sortable: ['name', 'sort', 'depth', 'createdAt'],
  defaultSort: 'sort',
  searchable: ['name'],
  columns: [
    { key: 'name', title: { zh: '部门名称', en: 'Name' }, list: true },
    { key: 'parentName', title: { zh: '上级部门', en: 'Parent' }, list: true },
    { key: 'depth', title: { zh: '层级', en: 'Level' }, list: true, kind: 'number' },
    { key: 'sort', title: { zh: '排序', en: 'Order' }, list: true, kind: 'number' },
    { key: 'leaderName', title: { zh: '负责人', en: 'Leader' }, list: true },
    { key: 'memberCount', title: { zh: '人数', en: 'Members' }, list: true, kind: 'number' },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
    { key: 'remark', title: { zh: '备注', en: 'Remark' } },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  fields: {
    parentId: { zh: '上级部门', en: 'Parent' },
    leaderAccountId: { zh: '负责人', en: 'Leader' },
  },
  permissions: {
    list: 'department:list',
    create: 'department:create',
    update: 'department:update',
    delete: 'department:delete',
  },
  actions: {
    move: { permission: 'department:update', title: { zh: '移动', en: 'Move' }, body: departmentMoveSchema },
    enable: { permission: 'department:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'department:update', title: { zh: '停用', en: 'Disable' }, danger: true },
  },
});
