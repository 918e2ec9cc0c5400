import { useQuery } from '@tanstack/react-query';
import { tenantsResource } from '@uniwim/contracts';
import { App, Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { formatBytes } from '../../../files/file-texts';
import { RemoteSelect } from '../../RemoteSelect';
import { filesApi } from './files-api';
import { filesTexts } from './files-texts';

const MB = 1024 * 1024;

/** The platform sets a tenant's storage quota (empty: the installation's default). */
export const QuotaButton = () => {
  const texts = useLocalizedTexts(filesTexts);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [quotaMb, setQuotaMb] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['admin', 'files', 'quota', tenantId],
    queryFn: () => filesApi('dmp').quota(tenantId!),
    enabled: tenantId !== null,
  });
  // The chosen tenant's own quota fills the field (empty when the default applies).
  useEffect(() => {
    if (current.data)
      setQuotaMb(current.data.ownQuotaBytes === null ? null : Math.round(current.data.ownQuotaBytes / MB));
  }, [current.data]);
  const save = async () => {
    if (!tenantId) return;
    setSaving(true);
    try {
      await filesApi('dmp').setQuota(tenantId, quotaMb === null ? null : Math.round(quotaMb * MB));
      message.success(texts.saved);
      await current.refetch();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="files-quota">
        {texts.quota}
      </Button>
      <Modal
        open={open}
        title={texts.quotaTitle}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        okText={texts.save}
        okButtonProps={{ disabled: !tenantId, loading: saving }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={texts.tenant} required help={tenantId ? undefined : texts.required}>
            <RemoteSelect
              declaration={tenantsResource}
              labelOf={(row) => `${String(row.name)} (${String(row.code)})`}
              value={tenantId ?? undefined}
              onChange={(value) => {
                setTenantId((value as string | null) ?? null);
              }}
            />
          </Form.Item>
          <Form.Item label={texts.quotaMb} extra={texts.quotaDefault}>
            <InputNumber
              min={0}
              max={1024 * 1024 * 1024}
              precision={0}
              value={quotaMb}
              onChange={(value) => setQuotaMb(value)}
              style={{ width: 200 }}
            />
          </Form.Item>
          {current.data && (
            <Typography.Text type="secondary">
              {texts.quotaCurrent(formatBytes(current.data.usedBytes), formatBytes(current.data.quotaBytes))}
            </Typography.Text>
          )}
        </Form>
      </Modal>
    </>
  );
};
