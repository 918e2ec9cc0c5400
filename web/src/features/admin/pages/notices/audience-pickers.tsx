import { useQuery } from '@tanstack/react-query';
import { tenantUsersResource } from '@uniwim/contracts';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { RemoteSelect } from '../../RemoteSelect';
import type { AdminRow } from '../../resource-api';
import { DEPARTMENT_TREE_KEY } from '../tenant-users/DepartmentTree';
import {
  buildDepartmentTree,
  type DepartmentNode,
  fetchDepartmentTree,
} from '../tenant-users/department-api';

export { RolePicker } from '../tenant-users/pickers';

interface ControlProps {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}

const treeOptions = (nodes: DepartmentNode[]): unknown[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: treeOptions(node.children) }));

/** The departments a notice goes to, picked in the tenant's tree (several). */
export const DepartmentsPicker = ({ value, onChange, id }: ControlProps) => {
  const tree = useQuery({ queryKey: DEPARTMENT_TREE_KEY, queryFn: fetchDepartmentTree });
  const data = useMemo(() => treeOptions(buildDepartmentTree(tree.data ?? [])), [tree.data]);
  return (
    <TreeSelect
      id={id}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isPending}
      value={(value as string[] | undefined) ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      treeData={data as never}
      data-testid="notice-departments"
    />
  );
};

/** The members a notice goes to, found by name as the administrator types. */
export const UsersPicker = (props: ControlProps) => (
  <RemoteSelect
    declaration={tenantUsersResource}
    labelOf={(row: AdminRow) => `${String(row.name)}（${String(row.username)}）`}
    multiple
    {...props}
  />
);
