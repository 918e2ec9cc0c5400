import { App, Button, Dropdown, Modal } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { api } from '../../../../lib/api';
import { USERS } from './department-api';
import { DepartmentPicker, RolePicker } from './pickers';
import { tenantUsersTexts } from './texts';

type BatchAction = 'enable' | 'disable' | 'add-role' | 'remove-role' | 'move';

/** Batch actions on the selected members: the server writes them all or none. */
export const BatchActions = ({
  ids,
  done,
  may,
}: {
  ids: string[];
  done(): void;
  may(code: string): boolean;
}) => {
  const texts = useLocalizedTexts(tenantUsersTexts);
  const { message } = App.useApp();
  const [asking, setAsking] = useState<BatchAction | null>(null);
  const [choice, setChoice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (action: BatchAction, extra: Record<string, string> = {}) => {
    setBusy(true);
    try {
      await api.post(`${USERS}/batch`, { action, ids, ...extra });
      message.success(texts.done);
      setAsking(null);
      done();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const items = [
    may('user:enable') && { key: 'enable', label: texts.batchEnable },
    may('user:enable') && { key: 'disable', label: texts.batchDisable, danger: true },
    may('user:assign-roles') && { key: 'add-role', label: texts.batchAddRole },
    may('user:assign-roles') && { key: 'remove-role', label: texts.batchRemoveRole },
    may('user:update') && { key: 'move', label: texts.batchMove },
  ].filter(Boolean) as { key: BatchAction; label: string }[];
  if (items.length === 0) return null;

  const isRole = asking === 'add-role' || asking === 'remove-role';
  return (
    <>
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            const action = key as BatchAction;
            if (action === 'enable' || action === 'disable') void run(action);
            else {
              setChoice(undefined);
              setAsking(action);
            }
          },
        }}
      >
        <Button loading={busy} data-testid="user-batch">
          {`${texts.batch} (${ids.length})`}
        </Button>
      </Dropdown>
      <Modal
        open={asking !== null && asking !== 'enable' && asking !== 'disable'}
        title={isRole ? texts.pickRole : texts.pickDepartment}
        okText={texts.confirm}
        cancelText={texts.cancel}
        okButtonProps={{ disabled: !choice }}
        confirmLoading={busy}
        onCancel={() => setAsking(null)}
        onOk={() => asking && void run(asking, isRole ? { roleId: choice! } : { departmentId: choice! })}
        destroyOnHidden
      >
        {isRole ? (
          <RolePicker
            multiple={false}
            value={choice}
            onChange={(next) => setChoice(next as string | undefined)}
          />
        ) : (
          <DepartmentPicker
            value={choice}
            onChange={(next) => setChoice((next as string | null) ?? undefined)}
          />
        )}
      </Modal>
    </>
  );
};
