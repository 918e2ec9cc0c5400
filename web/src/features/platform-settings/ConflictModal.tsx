import { Modal } from 'antd';
import type { SettingsTexts } from './settings-texts';

/** "Someone else saved a newer version": reload it (dropping unsaved edits) or keep editing. */
export const ConflictModal = ({
  open,
  texts,
  onReload,
  onClose,
}: {
  open: boolean;
  texts: Pick<SettingsTexts, 'conflictTitle' | 'conflictHint' | 'reload' | 'cancel'>;
  onReload(): Promise<unknown>;
  onClose(): void;
}) => (
  <Modal
    open={open}
    title={texts.conflictTitle}
    okText={texts.reload}
    cancelText={texts.cancel}
    onOk={async () => {
      onClose();
      await onReload();
    }}
    onCancel={onClose}
  >
    {texts.conflictHint}
  </Modal>
);
