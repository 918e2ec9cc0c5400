import { SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, message, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { homeApi } from './home-api';
import type { HomeTexts } from './home-texts';

const home = homeApi(api);

/**
 * The tenant administrator's choice of KPI cards: every registered source is offered, the chosen
 * ones show in the order picked. Saved for the whole tenant.
 */
export const KpiSettings = ({ texts, english }: { texts: HomeTexts; english: boolean }) => {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ widgets: string[] }>();
  const [messages, holder] = message.useMessage();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['home', 'widget-settings'],
    queryFn: home.widgetSettings,
    enabled: open,
  });

  // The stored choice fills the form once it has arrived (each time the dialog opens).
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue({ widgets: settings.data.widgets });
  }, [open, settings.data, form]);

  const submit = async ({ widgets }: { widgets: string[] }) => {
    setSaving(true);
    try {
      await home.saveWidgetSettings(widgets);
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      void messages.success(texts.configureSaved);
      setOpen(false);
    } catch (error) {
      void messages.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {holder}
      <Button
        size="small"
        icon={<SettingOutlined />}
        onClick={() => setOpen(true)}
        data-testid="home-kpi-settings"
      >
        {texts.configure}
      </Button>
      <Modal
        open={open}
        title={texts.configure}
        okText={texts.save}
        cancelText={texts.cancel}
        confirmLoading={saving}
        okButtonProps={{ disabled: !settings.data }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{texts.configureHint}</Typography.Paragraph>
        {settings.isError ? (
          <Typography.Text type="danger">
            {settings.error instanceof Error ? settings.error.message : texts.loadFailed}
          </Typography.Text>
        ) : (
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="widgets"
              label={texts.kpis}
              rules={[{ required: true, type: 'array', min: 1, message: texts.configureRequired }]}
            >
              <Select
                mode="multiple"
                loading={settings.isPending}
                options={(settings.data?.available ?? []).map((widget) => ({
                  value: widget.name,
                  label: english ? widget.titleEn : widget.title,
                }))}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
};
