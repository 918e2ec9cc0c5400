import { useQuery } from '@tanstack/react-query';
import { applicationsResource } from '@uniwim/contracts';
import { AutoComplete } from 'antd';
import { api } from '../../../../lib/api';
import { FileUpload } from '../../../files/FileUpload';
import type { AdminPageDefinition } from '../../admin-routes';
import type { FieldControl } from '../../RecordForm';

const upload =
  (purpose: 'image' | 'document', testId: string): FieldControl =>
  ({ value, onChange }) => (
    <FileUpload
      value={(value as string | null | undefined) ?? null}
      onChange={(next) => onChange?.(next)}
      purpose={purpose}
      scope="dmp"
      testId={testId}
    />
  );

/** A category is free text; the ones in use are offered so the catalogue keeps few of them. */
const CategoryInput: FieldControl = ({ value, onChange }) => {
  const categories = useQuery({
    queryKey: ['admin', 'applications', 'categories'],
    queryFn: () => api.get<string[]>('/dmp/admin/applications/categories'),
  });
  return (
    <AutoComplete
      value={(value as string | null | undefined) ?? ''}
      onChange={(next) => onChange?.(next)}
      options={(categories.data ?? []).map((category) => ({ value: category }))}
      filterOption={(input, option) => String(option?.value ?? '').includes(input)}
      allowClear
      maxLength={30}
    />
  );
};

/** /umpApplicationManager: the application catalogue (platform). */
export const applicationsPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: applicationsResource,
      fieldControls: {
        iconFileId: upload('image', 'application-icon'),
        manualFileId: upload('document', 'application-manual'),
        category: CategoryInput,
      },
    },
  ],
};
