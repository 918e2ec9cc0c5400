import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { pickerValueOf } from '../../../../lib/time-zone';
import { DEPARTMENT_TREE_KEY } from './DepartmentTree';
import {
  buildDepartmentTree,
  type DepartmentNode,
  fetchDepartmentTree,
  fetchRoleOptions,
} from './department-api';

interface ControlProps {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}

export const useRoleOptions = () =>
  useQuery({ queryKey: ['admin', 'users', 'role-options'], queryFn: fetchRoleOptions });

/** The tenant's roles; disabled ones are shown greyed out and cannot be chosen. */
export const RolePicker = ({
  value,
  onChange,
  id,
  multiple = true,
}: ControlProps & { multiple?: boolean }) => {
  const roles = useRoleOptions();
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={roles.isPending}
      value={value as string[] | string | undefined}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : undefined))}
      options={(roles.data ?? []).map((role) => ({
        value: role.id,
        label: role.name,
        disabled: role.status !== 'active',
      }))}
      data-testid="role-picker"
    />
  );
};

const treeOptions = (nodes: DepartmentNode[]): unknown[] =>
  nodes.map((node) => ({
    value: node.id,
    title: node.name,
    disabled: node.status !== 'active',
    children: treeOptions(node.children),
  }));

/** A department of the tenant, picked in its tree. */
export const DepartmentPicker = ({ value, onChange, id }: ControlProps) => {
  const tree = useQuery({ queryKey: DEPARTMENT_TREE_KEY, queryFn: fetchDepartmentTree });
  const data = useMemo(() => treeOptions(buildDepartmentTree(tree.data ?? [])), [tree.data]);
  return (
    <TreeSelect
      id={id}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isPending}
      value={value as string | undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={data as never}
      data-testid="department-picker"
    />
  );
};

/** The account's expiry in this tenant: a day (the server reads it as that day's end). */
export const ExpiryPicker = ({ value, onChange, id }: ControlProps) => (
  <DatePicker
    id={id}
    style={{ width: '100%' }}
    value={
      typeof value === 'string' && value
        ? /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? dayjs(value)
          : pickerValueOf(value)
        : null
    }
    onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
  />
);
