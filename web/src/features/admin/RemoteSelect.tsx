import { useQuery } from '@tanstack/react-query';
import type { ResourceDeclaration } from '@uniwim/contracts';
import { Select } from 'antd';
import { useState } from 'react';
import { type AdminRow, resourceApi } from './resource-api';

/**
 * Picks records of another resource (a tenant, a role) by searching its list as the user types;
 * the value is the id (or ids). Labels come from the list, so the user never types an id.
 */
export const RemoteSelect = ({
  declaration,
  labelOf,
  multiple = false,
  value,
  onChange,
  id,
}: {
  declaration: Pick<ResourceDeclaration, 'scope' | 'name'>;
  labelOf(row: AdminRow): string;
  multiple?: boolean;
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) => {
  const [q, setQ] = useState('');
  const options = useQuery({
    queryKey: ['admin', declaration.name, 'options', q],
    queryFn: ({ signal }) => resourceApi(declaration).list({ q: q || undefined, pageSize: 50 }, signal),
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      loading={options.isFetching}
      value={value as string | string[] | undefined}
      onChange={(next) => onChange?.(next ?? (multiple ? [] : null))}
      options={(options.data?.items ?? []).map((row) => ({ value: row.id, label: labelOf(row) }))}
    />
  );
};
