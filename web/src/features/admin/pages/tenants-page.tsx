import { useQuery } from '@tanstack/react-query';
import { packagesResource, tenantsResource } from '@uniwim/contracts';
import { useEffect } from 'react';
import type { AdminPageDefinition } from '../admin-routes';
import { RemoteSelect } from '../RemoteSelect';
import { type AdminRow, resourceApi } from '../resource-api';

interface Grant {
  packageId: string;
  startsOn?: string;
  endsOn?: string | null;
  seatLimit?: number | null;
}

/** What a grant is as the server takes it back (a tenant's row also names the package and whether it is current). */
const grantOf = (held: Grant): Grant => ({
  packageId: held.packageId,
  ...(held.startsOn ? { startsOn: held.startsOn } : {}),
  ...(held.endsOn !== undefined ? { endsOn: held.endsOn } : {}),
  ...(held.seatLimit !== undefined ? { seatLimit: held.seatLimit } : {}),
});

/**
 * The packages a tenant holds, chosen by name; a package it keeps keeps its dates and seat limit,
 * a new one starts today with no end. A new tenant starts with the platform's default package
 * chosen (issue 25: a new tenant is not empty); its creator may choose others, or none.
 */
const PackageGrantsPicker = ({
  value,
  onChange,
  id,
  record,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
  record?: AdminRow;
}) => {
  const creating = record === undefined;
  const fallback = useQuery({
    queryKey: ['admin', packagesResource.name, 'default'],
    queryFn: ({ signal }) =>
      resourceApi(packagesResource).list({ isDefault: 'true', status: 'active', pageSize: 1 }, signal),
    enabled: creating,
  });
  const defaultId = fallback.data?.items[0]?.id;
  useEffect(() => {
    // Only while nothing was chosen: a creator who cleared the choice keeps an empty list.
    if (creating && value === undefined && defaultId) onChange?.([{ packageId: defaultId }]);
  }, [creating, value, defaultId, onChange]);
  const held = ((value as Grant[] | undefined) ?? []).map(grantOf);
  return (
    <RemoteSelect
      id={id}
      declaration={packagesResource}
      multiple
      labelOf={(row) => String(row.name)}
      value={held.map((grant) => grant.packageId)}
      onChange={(ids) =>
        onChange?.(
          ((ids as string[]) ?? []).map(
            (id) => held.find((grant) => grant.packageId === id) ?? { packageId: id },
          ),
        )
      }
    />
  );
};

/** /dmpTenantManage: tenants, with their packages chosen on creation and by the set-packages action. */
export const tenantsPage: AdminPageDefinition = {
  tabs: [{ declaration: tenantsResource, fieldControls: { packages: PackageGrantsPicker } }],
};
