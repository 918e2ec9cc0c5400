import {
  apiAccessLogsResource,
  operationLogsResource,
  platformApiAccessLogsResource,
  platformUsageLogsResource,
  platformWatermarkLogsResource,
  tenantOperationLogsResource,
  usageLogsResource,
  watermarkLogsResource,
} from '@uniwim/contracts';
import { Typography } from 'antd';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { AdminPageDefinition, ResourceTab } from '../../admin-routes';
import { accessLogTexts } from './access-logs-texts';
import { OperationChanges } from './OperationChanges';

/** The operation log's tab: each row's detail shows its before and after, field by field. */
const operationsTab = (declaration: ResourceTab['declaration']): ResourceTab => ({
  declaration,
  detailSections: (record) => <OperationChanges record={record} />,
});

/** /accessLogs: usage logs (opens and downloads, visitors included), operations, API calls. */
export const accessLogsPage: AdminPageDefinition = {
  tabs: [
    { declaration: usageLogsResource },
    operationsTab(tenantOperationLogsResource),
    { declaration: apiAccessLogsResource },
  ],
};

/** /accessLogs?scope=dmp: the same over every tenant, with a tenant filter. */
export const platformAccessLogsPage: AdminPageDefinition = {
  tabs: [
    { declaration: platformUsageLogsResource },
    operationsTab(operationLogsResource),
    { declaration: platformApiAccessLogsResource },
  ],
};

const TraceHint = () => {
  const texts = useLocalizedTexts(accessLogTexts);
  return (
    <Typography.Text type="secondary" data-testid="watermark-log-hint">
      {texts.traceHint}
    </Typography.Text>
  );
};

/** /ump/waterLog: the watermark log, searched by the trace id read off a screenshot or file. */
export const watermarkLogsPage: AdminPageDefinition = {
  tabs: [{ declaration: watermarkLogsResource, ToolbarExtras: TraceHint }],
};
export const platformWatermarkLogsPage: AdminPageDefinition = {
  tabs: [{ declaration: platformWatermarkLogsResource, ToolbarExtras: TraceHint }],
};
