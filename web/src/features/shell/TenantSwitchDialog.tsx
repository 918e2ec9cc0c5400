import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api';
import { SHELL_PAGES } from './shell-data';
import type { ShellTexts } from './shell-texts';
import { fetchTenantOptions, type SwitchTarget, switchTenant } from './tenant-switch';

interface TenantSwitchDialogProps {
  texts: ShellTexts['tenantSwitch'];
  onClose: () => void;
}

/**
 * Lists the tenants the user may switch to (GET /dmp/getTenantUserOauth). Choosing one shows
 * "租户切换中" over the page (spec section 4) until the new token is stored and the shell reloads
 * in the new tenant.
 */
const TenantSwitchContent = ({ texts, onClose }: TenantSwitchDialogProps) => {
  const { message } = App.useApp();
  const [switching, setSwitching] = useState(false);
  const options = useQuery({ queryKey: ['tenant-options'], queryFn: () => fetchTenantOptions(api) });

  const choose = async (target: SwitchTarget) => {
    setSwitching(true);
    try {
      await switchTenant(api, localStorage, target);
      // A fresh shell: configuration, user, menus and tabs all belong to the new tenant.
      location.replace(SHELL_PAGES.index);
    } catch (error) {
      setSwitching(false);
      void message.error(error instanceof Error && error.message ? error.message : texts.failed);
    }
  };

  const tenants = options.data?.tenants ?? [];
  return (
    <>
      <Modal
        open={!switching}
        title={texts.title}
        footer={<Button onClick={onClose}>{texts.cancel}</Button>}
        onCancel={onClose}
        width={420}
      >
        <div data-testid="tenant-switch-dialog">
          {options.isPending && (
            <Spin description={texts.loading}>{<div className="shell-dialog__loading" />}</Spin>
          )}
          {options.isError && <Alert type="error" showIcon title={options.error.message || texts.failed} />}
          {options.data && (
            <List
              dataSource={tenants}
              locale={{ emptyText: texts.empty }}
              renderItem={(tenant) => (
                <List.Item
                  actions={
                    tenant.current
                      ? [
                          <span key="current" className="shell-tenants__current">
                            <CheckOutlined /> {texts.current}
                          </span>,
                        ]
                      : [
                          <Button
                            key="switch"
                            type="link"
                            data-tenant-id={tenant.id}
                            onClick={() => void choose({ tenantId: tenant.id })}
                          >
                            {texts.title}
                          </Button>,
                        ]
                  }
                >
                  {tenant.name}
                </List.Item>
              )}
              footer={
                options.data.canUsePlatformScope ? (
                  <Button block data-tenant-id="platform" onClick={() => void choose('platform')}>
                    {texts.platform}
                  </Button>
                ) : undefined
              }
            />
          )}
        </div>
      </Modal>
      <Spin fullscreen spinning={switching} description={texts.switching} data-testid="tenant-switching" />
    </>
  );
};

/** With its own antd App context for messages (the shell's first paint loads no App). */
export const TenantSwitchDialog = (props: TenantSwitchDialogProps) => (
  <App component={false}>
    <TenantSwitchContent {...props} />
  </App>
);
