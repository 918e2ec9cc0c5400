import type { PlatformSettingsGroup } from '@uniwim/contracts';
import { PLATFORM_SETTINGS_TITLES } from '@uniwim/contracts';
import { Alert, App, Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { formatDateTime } from '../../lib/time-zone';
import { useAdminTexts } from '../admin/use-admin-texts';
import { GroupForm } from './GroupForm';
import { HistoryDrawer } from './HistoryDrawer';
import { settingsApi } from './settings-api';
import { settingsTexts } from './settings-texts';
import '../admin/admin.css';
import { ConflictModal } from './ConflictModal';
import { SettingsRecordPending, useSettingsRecord } from './settings-record';

const FORM_GROUPS: PlatformSettingsGroup[] = ['signInLook', 'securityFloors', 'logRetention', 'regional'];

/** page.html's view of /dmpSysConfigManagement: the platform's settings, a tab per group (issue 12). */
const SettingsPage = () => {
  const { language } = useAdminTexts();
  const texts = useLocalizedTexts(settingsTexts);
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  const { answer, setAnswer, error, load } = useSettingsRecord(settingsApi.read);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [conflict, setConflict] = useState(false);

  if (!answer) return <SettingsRecordPending error={error} texts={texts} onRetry={load} />;

  const titleOf = (group: PlatformSettingsGroup | 'smsStatus') => {
    const title = PLATFORM_SETTINGS_TITLES.groups[group];
    return language === 'en-US' ? title.en : title.zh;
  };
  const hints: Record<PlatformSettingsGroup, string> = {
    signInLook: texts.lookHint,
    securityFloors: texts.floorsHint,
    logRetention: texts.retentionHint,
    regional: texts.regionalHint,
  };
  const sms = answer.smsStatus;
  const smsTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!sms.sendsForReal ? <Alert type="warning" showIcon message={texts.smsOutboxHint} /> : null}
      <Descriptions bordered column={1} size="middle" data-testid="settings-sms-status">
        <Descriptions.Item label={texts.smsProvider}>{texts.providers[sms.provider]}</Descriptions.Item>
        <Descriptions.Item label={texts.smsSendsForReal}>
          <Tag color={sms.sendsForReal ? 'green' : 'default'}>{sms.sendsForReal ? texts.yes : texts.no}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={texts.smsLastFailure}>
          {sms.lastFailure
            ? `${formatDateTime(sms.lastFailure.at, 'second')} · ${sms.lastFailure.kind}${
                sms.lastFailure.vendorCode ? ` (${sms.lastFailure.vendorCode})` : ''
              }`
            : texts.smsNoFailure}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{texts.smsSecretsHint}</Typography.Text>
    </Space>
  );

  return (
    <div className="admin-page" style={{ padding: 16 }}>
      <Card
        title={texts.pageTitle}
        extra={
          <Space>
            <Typography.Text type="secondary" data-testid="settings-version">
              {texts.versionLine(
                answer.version,
                answer.updatedBy,
                answer.updatedAt ? formatDateTime(answer.updatedAt) : null,
              )}
            </Typography.Text>
            <Button onClick={() => setHistoryOpen(true)}>{texts.history}</Button>
          </Space>
        }
      >
        <Tabs
          items={[
            ...FORM_GROUPS.map((group) => ({
              key: group,
              label: titleOf(group),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{hints[group]}</Typography.Text>
                  <GroupForm
                    group={group}
                    values={answer.settings[group] as Record<string, unknown>}
                    version={answer.version}
                    language={language}
                    texts={texts}
                    onSaved={setAnswer}
                    onConflict={() => setConflict(true)}
                  />
                </Space>
              ),
            })),
            { key: 'smsStatus', label: titleOf('smsStatus'), children: smsTab },
          ]}
        />
      </Card>
      {/* A new version (a save, a rollback) reads the history afresh from its first page. */}
      <HistoryDrawer
        key={answer.version}
        open={historyOpen}
        currentVersion={answer.version}
        language={language}
        texts={texts}
        onClose={() => setHistoryOpen(false)}
        onRolledBack={load}
        onConflict={() => setConflict(true)}
      />
      <ConflictModal open={conflict} texts={texts} onReload={load} onClose={() => setConflict(false)} />
    </div>
  );
};

const PlatformSettingsView = () => (
  <App component={false}>
    <SettingsPage />
  </App>
);

export default PlatformSettingsView;
