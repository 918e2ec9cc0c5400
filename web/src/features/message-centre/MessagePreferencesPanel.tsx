import type { MessagePreference } from '@uniwim/contracts/client';
import { Alert, App, Button, Empty, Spin, Switch, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { messageApi } from './message-api';
import { messageTexts } from './message-texts';

/**
 * The member's choice per message class of the tenant: a switch each; classes the tenant made
 * mandatory (not user-switchable) show a disabled switch with the reason.
 */
export const MessagePreferencesPanel = () => {
  const t = useLocalizedTexts(messageTexts);
  const { message } = App.useApp();
  const [items, setItems] = useState<MessagePreference[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    setFailed(false);
    messageApi.preferences(signal).then(
      (answer) => setItems(answer.items),
      () => !signal?.aborted && setFailed(true),
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const change = async (item: MessagePreference, enabled: boolean) => {
    setSaving(item.classId);
    try {
      const saved = await messageApi.setPreference(item.classId, enabled);
      setItems((current) => current?.map((one) => (one.classId === saved.classId ? saved : one)) ?? null);
      message.success(t.saved);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSaving(null);
    }
  };

  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t.preferencesFailed}
        action={<Button onClick={() => load()}>{t.retry}</Button>}
      />
    );
  }
  if (items === null) return <Spin description={t.loading} />;
  return (
    <div className="message-prefs" data-testid="message-preferences">
      <p className="message-prefs__hint">{t.preferencesIntro}</p>
      {items.length === 0 ? (
        <Empty description={t.preferencesEmpty} />
      ) : (
        items.map((item) => {
          const control = (
            <Switch
              checked={item.enabled}
              disabled={!item.userSwitchable}
              loading={saving === item.classId}
              checkedChildren={t.switchOn}
              unCheckedChildren={t.switchOff}
              aria-label={item.name}
              data-testid={`message-pref-${item.classId}`}
              onChange={(enabled) => void change(item, enabled)}
            />
          );
          return (
            <div className="message-prefs__item" key={item.classId} data-testid="message-pref-item">
              <div>
                <div className="message-prefs__name">{item.name}</div>
                {item.description && <div className="message-prefs__hint">{item.description}</div>}
                <div>
                  {item.channels.map((channel) => (
                    <Tag key={channel}>{t.channels[channel]}</Tag>
                  ))}
                </div>
                {!item.userSwitchable && <div className="message-prefs__hint">{t.notSwitchable}</div>}
              </div>
              {item.userSwitchable ? control : <Tooltip title={t.notSwitchable}>{control}</Tooltip>}
            </div>
          );
        })
      )}
    </div>
  );
};
