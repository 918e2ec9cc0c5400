import { type AdminScope, noticesResource, platformNoticesResource } from '@uniwim/contracts';
import type { AdminPageDefinition, ResourceTab } from '../../admin-routes';
import type { AdminRow } from '../../resource-api';
import { attachmentsInput } from './AttachmentsInput';
import { DepartmentsPicker, RolePicker, UsersPicker } from './audience-pickers';
import { NoticeReceipts } from './NoticeReceipts';
import { RichTextInput } from './RichTextInput';

/** What a row offers by its status: edits before publishing, publish once, revoke once published. */
const allows = (record: AdminRow, action: string) => {
  const status = record.status;
  switch (action) {
    case 'edit':
      return status === 'draft' || status === 'scheduled';
    case 'delete':
      return status !== 'published' && status !== 'scheduled';
    case 'publish':
      return status === 'draft';
    case 'remind':
      return status === 'published';
    case 'revoke':
      return status === 'published' || status === 'scheduled' || status === 'expired';
    default:
      return true;
  }
};

const tabOf = (scope: AdminScope): Omit<ResourceTab, 'declaration'> => ({
  fieldControls: {
    body: RichTextInput,
    attachmentIds: attachmentsInput(scope),
    ...(scope === 'ump'
      ? { departmentIds: DepartmentsPicker, roleIds: RolePicker, accountIds: UsersPicker }
      : {}),
  },
  allows,
  detailSections: (record) => <NoticeReceipts scope={scope} noticeId={String(record.id)} />,
});

/** /umpNotice: the tenant's notices, their audience, publishing and read receipts. */
export const noticesPage: AdminPageDefinition = { tabs: [{ declaration: noticesResource, ...tabOf('ump') }] };

/** /umpNotice?scope=dmp: the platform's notices, shown to the members of every tenant. */
export const platformNoticesPage: AdminPageDefinition = {
  tabs: [{ declaration: platformNoticesResource, ...tabOf('dmp') }],
};
