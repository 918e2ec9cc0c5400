import { tenantRolesResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../../admin-routes';
import { EffectivePermissionsButton } from './effective-permissions';
import { DepartmentScopePicker, MenuGrantPicker, PermissionGrantPicker } from './grant-pickers';
import { RoleUsersButton } from './role-users';

/**
 * /umpRoleManager: the tenant's roles with their menu grants, admin permission codes and data
 * scope; each row's holders; any user's effective permissions.
 */
export const rolesPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: tenantRolesResource,
      fieldControls: {
        menuIds: MenuGrantPicker,
        permissions: PermissionGrantPicker,
        departmentIds: DepartmentScopePicker,
      },
      RowExtras: RoleUsersButton,
      ToolbarExtras: EffectivePermissionsButton,
    },
  ],
};
