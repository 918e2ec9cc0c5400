import {
  PERMISSIONS,
  permissionCodesOf,
  platformRolesResource,
  platformUsersResource,
} from '@uniwim/contracts';
import { Select } from 'antd';
import type { AdminPageDefinition } from '../admin-routes';
import { RemoteSelect } from '../RemoteSelect';
import { SessionsSection } from '../SessionsSection';
import { useAdminTexts } from '../use-admin-texts';

const RolePicker = ({
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
    declaration={platformRolesResource}
    multiple
    labelOf={(row) => String(row.name)}
    value={value}
    onChange={onChange}
  />
);

/** Every platform permission code, titled in the page's language. */
const PermissionPicker = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) => {
  const { language } = useAdminTexts();
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value as string[] | undefined}
      onChange={onChange}
      options={permissionCodesOf('platform').map((code) => ({
        value: code,
        label: `${language === 'en-US' ? PERMISSIONS[code].title.en : PERMISSIONS[code].title.zh} (${code})`,
      }))}
    />
  );
};

/** /dmpUser: the platform's operators, and the roles that give them permission codes. */
export const platformUsersPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: platformUsersResource,
      fieldControls: { roleIds: RolePicker },
      detailSections: (record) => (
        <SessionsSection
          scope="dmp"
          permission="platform-user:sessions"
          url={`/dmp/admin/platform-users/${encodeURIComponent(record.id)}/sessions`}
        />
      ),
    },
    { declaration: platformRolesResource, fieldControls: { permissions: PermissionPicker } },
  ],
};
