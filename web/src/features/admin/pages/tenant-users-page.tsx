import { tenantUsersResource } from '@uniwim/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import type { AdminPageDefinition } from '../admin-routes';
import { ResourcePage } from '../ResourcePage';
import type { AdminRow } from '../resource-api';
import { usePermissions } from '../use-permissions';
import { UserEffectivePermissionsButton } from './roles/effective-permissions';
import { BatchActions } from './tenant-users/BatchActions';
import { DepartmentTree } from './tenant-users/DepartmentTree';
import { DepartmentPicker, ExpiryPicker, RolePicker } from './tenant-users/pickers';
import { SessionsButton } from './tenant-users/SessionsButton';

const fieldControls = {
  roleIds: RolePicker,
  departmentId: DepartmentPicker,
  expiresAt: ExpiryPicker,
};
/** An invitation is answered by the account's holder: its status and credentials are not the tenant's. */
const NOT_FOR_INVITEES = new Set(['enable', 'disable', 'reset-password', 'unlock', 'sign-out']);
const allows = (record: AdminRow, action: string) =>
  record.status !== 'invited' || !NOT_FOR_INVITEES.has(action);

// Filled from an import workbook by name; the form picks by id.
const hiddenFields = ['departmentName', 'roleNames'];

/** A member's row: their sessions in this tenant, and what their roles give them (the role page's viewer). */
const UserRowExtras = ({ record, may }: { record: AdminRow; may(code: string | undefined): boolean }) => (
  <>
    {may('user:sessions') && <SessionsButton accountId={record.id} username={String(record.username)} />}
    <UserEffectivePermissionsButton record={record} may={may} />
  </>
);

/** /umpUser: the department tree on the left, the tenant's members on the right. */
const TenantUsersView = () => {
  const [departmentId, setDepartmentId] = useState<string | undefined>();
  const [subDepartments, setSubDepartments] = useState(true);
  const permissions = usePermissions('ump');
  const may = (code: string) => permissions.data?.has(code) === true;
  return (
    <div className="tenant-users" data-testid="tenant-users">
      {may('department:list') && (
        <Card size="small" className="tenant-users__tree">
          <DepartmentTree
            selected={departmentId}
            onSelect={setDepartmentId}
            subDepartments={subDepartments}
            onSubDepartmentsChange={setSubDepartments}
            may={may}
          />
        </Card>
      )}
      <div className="tenant-users__list">
        <ResourcePage
          declaration={tenantUsersResource}
          fieldControls={fieldControls}
          hiddenFields={hiddenFields}
          hiddenFilters={['departmentId', 'subDepartments', 'roleId']}
          extraQuery={{ departmentId, subDepartments: departmentId ? String(subDepartments) : undefined }}
          batchActions={(ids, done) => <BatchActions ids={ids} done={done} may={may} />}
          RowExtras={UserRowExtras}
          allows={allows}
        />
      </div>
    </div>
  );
};

export const tenantUsersPage: AdminPageDefinition = {
  tabs: [{ declaration: tenantUsersResource, fieldControls, hiddenFields }],
  view: TenantUsersView,
};
