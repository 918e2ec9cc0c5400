import { packagesResource, tenantsResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../admin-routes';
import { RemoteSelect } from '../RemoteSelect';

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
 * a new one starts today with no end.
 */
const PackageGrantsPicker = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) => {
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
