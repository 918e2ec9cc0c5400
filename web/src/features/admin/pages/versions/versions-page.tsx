import { versionsResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../../admin-routes';
import { ApplicationPicker, PackageUpload, TenantPicker } from './pickers';
import { ReleaseHistory } from './ReleaseHistory';

/**
 * /umpVersioning: versions of the catalogue's applications. The publish action asks for the scope
 * (every tenant, or chosen tenants as a grey release); publishing an older version again is a
 * rollback; the detail shows every release entry and the tenants running the version now.
 */
export const versionsPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: versionsResource,
      fieldControls: {
        applicationId: ApplicationPicker,
        packageFileId: PackageUpload,
        tenantIds: TenantPicker,
      },
      detailSections: (record) => <ReleaseHistory record={record} />,
    },
  ],
};
