import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS, type PermissionCode, type RoleGrantNode } from '@uniwim/contracts';
import { Alert, Button, Empty, Form, Space, Spin, Tree, type TreeDataNode, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../../../lib/api';
import type { Language } from '../../../../lib/language';
import type { AdminRow } from '../../resource-api';
import { useAdminTexts } from '../../use-admin-texts';
import { rolesTexts } from './roles-texts';

const ROLES = '/ump/admin/roles';

const useGrantTree = () =>
  useQuery({
    queryKey: ['admin', 'roles', 'grant-tree'],
    queryFn: () => api.get<{ nodes: RoleGrantNode[] }>(`${ROLES}/grant-tree`),
  });

const titleOf = (node: RoleGrantNode, language: Language) =>
  node.permission && language === 'en-US'
    ? PERMISSIONS[node.permission as PermissionCode].title.en
    : node.title;

const toTreeData = (nodes: RoleGrantNode[], language: Language): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.key,
    title: node.permission ? `${titleOf(node, language)} (${node.permission})` : node.title,
    children: toTreeData(node.children, language),
  }));

const walk = (data: TreeDataNode[]) => {
  const leaves = new Set<string>();
  const all: string[] = [];
  const visit = (nodes: TreeDataNode[]) => {
    for (const node of nodes) {
      all.push(String(node.key));
      if (node.children?.length) visit(node.children);
      else leaves.add(String(node.key));
    }
  };
  visit(data);
  return { leaves, all };
};

interface PickerProps {
  value?: unknown;
  onChange?(value: unknown): void;
  record?: AdminRow;
}

/**
 * A checkable part of the grant tree with expand all, select all and parent-child linkage. Keys
 * are `menu:<id>` or `code:<code>`; the value is the ids or codes. For menus the value keeps the
 * chosen items' ancestors (half-checked ones too, as the shell's tree needs them); only leaves are
 * handed to the tree, so a kept ancestor does not tick its unchosen children.
 */
const GrantTree = ({
  part,
  prefix,
  keepHalfChecked,
  testId,
  value,
  onChange,
  record,
}: PickerProps & {
  part: (nodes: RoleGrantNode[]) => RoleGrantNode[];
  prefix: 'menu:' | 'code:';
  keepHalfChecked: boolean;
  testId: string;
}) => {
  const { language } = useAdminTexts();
  const t = rolesTexts[language];
  const tree = useGrantTree();
  const data = useMemo(
    () => (tree.data ? toTreeData(part(tree.data.nodes), language) : []),
    [tree.data, part, language],
  );
  const { leaves, all } = useMemo(() => walk(data), [data]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const chosen = ((value as string[] | undefined) ?? [])
    .map((id) => `${prefix}${id}`)
    .filter((key) => leaves.has(key));
  const emit = (keys: string[]) =>
    onChange?.([
      ...new Set(keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))),
    ]);

  if (record?.isAdmin) return <Alert type="info" showIcon message={t.adminHasAll} />;
  if (tree.isPending) return <Spin />;
  if (data.length === 0) return <Empty description={t.noApplications} />;
  return (
    <div data-testid={testId}>
      <Space size={4} wrap>
        <Button size="small" onClick={() => setExpanded(all)}>
          {t.expandAll}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t.collapseAll}
        </Button>
        <Button size="small" onClick={() => emit(all)}>
          {t.selectAll}
        </Button>
        <Button size="small" onClick={() => emit([])}>
          {t.selectNone}
        </Button>
      </Space>
      <Tree
        checkable
        selectable={false}
        treeData={data}
        checkedKeys={chosen}
        expandedKeys={expanded ?? data.map((node) => String(node.key))}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(checked, info) =>
          emit([
            ...(Array.isArray(checked) ? checked : checked.checked).map(String),
            ...(keepHalfChecked ? (info.halfCheckedKeys ?? []).map(String) : []),
          ])
        }
        style={{ marginTop: 8, maxHeight: 360, overflow: 'auto' }}
      />
    </div>
  );
};

const applicationsPart = (nodes: RoleGrantNode[]) => nodes.filter((node) => node.kind === 'application');
const consolePart = (nodes: RoleGrantNode[]) => nodes.filter((node) => node.kind === 'console');

/** menuIds: the menus of the tenant's entitled applications. */
export const MenuGrantPicker = (props: PickerProps) => (
  <GrantTree {...props} part={applicationsPart} prefix="menu:" keepHalfChecked testId="role-menu-tree" />
);

/** permissions: the admin console's pages, one button per tenant permission code. */
export const PermissionGrantPicker = (props: PickerProps) => (
  <GrantTree
    {...props}
    part={consolePart}
    prefix="code:"
    keepHalfChecked={false}
    testId="role-permission-tree"
  />
);

interface DepartmentOption {
  id: string;
  parentId: string | null;
  name: string;
}

interface DepartmentNode {
  value: string;
  title: string;
  children: DepartmentNode[];
}

const departmentTree = (rows: DepartmentOption[]) => {
  const known = new Set(rows.map((row) => row.id));
  const children = (parent: string | null): DepartmentNode[] =>
    rows
      .filter((row) => (row.parentId !== null && known.has(row.parentId) ? row.parentId : null) === parent)
      .map((row) => ({ value: row.id, title: row.name, children: children(row.id) }));
  return children(null);
};

/** departmentIds: the departments of a custom data scope, picked from the tenant's tree. */
export const DepartmentScopePicker = ({ value, onChange, record }: PickerProps) => {
  const { language } = useAdminTexts();
  const t = rolesTexts[language];
  const form = Form.useFormInstance();
  const scope = Form.useWatch('dataScope', form) as string | undefined;
  const departments = useQuery({
    queryKey: ['admin', 'roles', 'department-options'],
    queryFn: () => api.get<DepartmentOption[]>(`${ROLES}/department-options`),
  });
  const treeData = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const custom = scope === 'custom';
  return (
    <TreeSelect
      data-testid="role-department-picker"
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      disabled={!custom || record?.isAdmin === true}
      placeholder={t.customOnly}
      loading={departments.isFetching}
      value={custom ? ((value as string[] | undefined) ?? []) : []}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={treeData}
      style={{ width: '100%' }}
    />
  );
};
