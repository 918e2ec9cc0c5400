import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { SessionsSection } from '../../SessionsSection';
import { USERS } from './department-api';
import { tenantUsersTexts } from './texts';

/** A member's live sessions in this tenant, each of which the administrator may end. */
export const SessionsButton = ({ accountId, username }: { accountId: string; username: string }) => {
  const texts = useLocalizedTexts(tenantUsersTexts);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="user-sessions">
        {texts.sessions}
      </Button>
      <Drawer open={open} size={720} title={`${texts.sessions}：${username}`} onClose={() => setOpen(false)}>
        {open && (
          <SessionsSection
            scope="ump"
            permission="user:sessions"
            url={`${USERS}/${encodeURIComponent(accountId)}/sessions`}
            endable
            titled={false}
          />
        )}
      </Drawer>
    </>
  );
};
