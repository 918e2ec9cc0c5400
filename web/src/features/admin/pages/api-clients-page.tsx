import { apiClientsResource, tenantsResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../admin-routes';
import { RemoteSelect } from '../RemoteSelect';

const TenantPicker = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) => (
  <RemoteSelect
    id={id}
    declaration={tenantsResource}
    labelOf={(row) => `${String(row.name)}（${String(row.code)}）`}
    value={value}
    onChange={onChange}
  />
);

/** /dmpInterfaceAuthorization: API credentials for tenants and applications. */
export const apiClientsPage: AdminPageDefinition = {
  tabs: [{ declaration: apiClientsResource, fieldControls: { ownerTenantId: TenantPicker } }],
};
