import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminScope, type FileRow, platformFilesResource, tenantFilesResource } from '@uniwim/contracts';
import { Space, Typography } from 'antd';
import type { ComponentType } from 'react';
import { formatBytes } from '../../../files/file-texts';
import type { AdminPageDefinition } from '../../admin-routes';
import { ResourcePage } from '../../ResourcePage';
import type { AdminRow } from '../../resource-api';
import { fileRowExtras } from './FileRowExtras';
import { filesApi, viewUrlOf } from './files-api';
import { QuotaButton } from './QuotaButton';
import { UploadButton } from './UploadDialog';
import { UsageCard, usageQueryKey } from './UsageCard';

/** The name with a thumbnail for images (shown from the file itself, at list size). */
const nameCell = (record: AdminRow) => {
  const file = record as unknown as FileRow;
  return (
    <Space size={8}>
      {file.kind === 'image' && (
        <img
          src={viewUrlOf(file.url)}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 4 }}
          data-testid="file-thumbnail"
        />
      )}
      <Typography.Text>{file.name}</Typography.Text>
    </Space>
  );
};

const cells = {
  name: nameCell,
  size: (record: AdminRow) => formatBytes(Number(record.size)),
};

const filesView = (scope: AdminScope): ComponentType => {
  const declaration = scope === 'dmp' ? platformFilesResource : tenantFilesResource;
  const RowExtras = fileRowExtras(scope);
  /** Upload (and on the platform, tenants' quotas); reads the limits from the usage the card loaded. */
  const ToolbarExtras = ({ may, refresh }: { may(code: string | undefined): boolean; refresh(): void }) => {
    const queryClient = useQueryClient();
    const usage = useQuery({ queryKey: usageQueryKey(scope), queryFn: () => filesApi(scope).usage() });
    return (
      <>
        {may('file:upload') && (
          <UploadButton
            scope={scope}
            maxBytes={usage.data?.maxBytes}
            onUploaded={() => {
              refresh();
              void queryClient.invalidateQueries({ queryKey: usageQueryKey(scope) });
            }}
          />
        )}
        {scope === 'dmp' && may('file:quota') && <QuotaButton />}
      </>
    );
  };
  /** /resourceManagement: the usage against the quota above the file list. */
  const FilesView = () => (
    <div className="files-page" data-testid={`files-page-${scope}`}>
      <UsageCard scope={scope} />
      <ResourcePage
        declaration={declaration}
        cells={cells}
        RowExtras={RowExtras}
        ToolbarExtras={ToolbarExtras}
      />
    </div>
  );
  return FilesView;
};

export const tenantFilesPage: AdminPageDefinition = {
  tabs: [{ declaration: tenantFilesResource }],
  view: filesView('ump'),
};
export const platformFilesPage: AdminPageDefinition = {
  tabs: [{ declaration: platformFilesResource }],
  view: filesView('dmp'),
};
