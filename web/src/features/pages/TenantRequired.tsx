import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, List, Modal, Result, Spin } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { fetchTenantOptions, switchTenant } from '../shell/tenant-switch';
import { pageTexts } from './page-texts';

/**
 * Where the page opens again once a tenant is chosen: the shell around it (its tab reopened by the
 * menu id the frame was given), or the page itself when it was opened on its own.
 */
const reopen = (): void => {
  const top = window.top ?? window;
  if (top === window) {
    location.reload();
    return;
  }
  const menuId = new URLSearchParams(location.hash.split('?')[1] ?? '').get('__uniwim_id');
  const shell = top.location.pathname.endsWith('/admin.html') ? 'admin.html' : 'index.html';
  top.location.replace(menuId ? `${shell}?menuId=${encodeURIComponent(menuId)}` : shell);
};

const TenantPicker = ({ onClose }: { onClose(): void }) => {
  const texts = useLocalizedTexts(pageTexts).tenantRequired;
  const { message } = App.useApp();
  const [switching, setSwitching] = useState(false);
  const options = useQuery({ queryKey: ['tenant-options'], queryFn: () => fetchTenantOptions(api) });
  const choose = async (tenantId: string) => {
    setSwitching(true);
    try {
      await switchTenant(api, localStorage, { tenantId });
      reopen();
    } catch (error) {
      setSwitching(false);
      void message.error(error instanceof Error && error.message ? error.message : texts.failed);
    }
  };
  return (
    <Modal open title={texts.title} footer={null} onCancel={onClose} width={420}>
      <Spin spinning={switching || options.isPending}>
        {options.isError && <Alert type="error" showIcon title={texts.failed} />}
        <List
          data-testid="tenant-required-options"
          dataSource={(options.data?.tenants ?? []).filter((tenant) => !tenant.current)}
          locale={{ emptyText: options.isPending ? ' ' : texts.empty }}
          renderItem={(tenant) => (
            <List.Item
              actions={[
                <Button key="switch" type="link" onClick={() => void choose(tenant.id)}>
                  {texts.choose}
                </Button>,
              ]}
            >
              {tenant.name}
            </List.Item>
          )}
        />
      </Spin>
    </Modal>
  );
};

/**
 * Issue 25: a page of one tenant's data opened outside any tenant (by its address, or a tab left
 * open across a switch to the platform). It asks nothing of the tenant's data; it says what is
 * missing and offers the switch, after which the page opens again in the chosen tenant.
 */
export const TenantRequired = () => {
  const texts = useLocalizedTexts(pageTexts).tenantRequired;
  const [choosing, setChoosing] = useState(false);
  return (
    <App component={false}>
      <Result
        status="info"
        title={texts.heading}
        subTitle={texts.hint}
        data-testid="tenant-required"
        extra={
          <Button type="primary" onClick={() => setChoosing(true)} data-testid="tenant-required-switch">
            {texts.choose}
          </Button>
        }
      />
      {choosing && <TenantPicker onClose={() => setChoosing(false)} />}
    </App>
  );
};
