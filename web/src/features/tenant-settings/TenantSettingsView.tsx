import {
  TENANT_SETTINGS_GROUPS,
  TENANT_SETTINGS_TITLES,
  type TenantSettingsAnswer,
  type TenantSettingsGroup,
} from '@uniwim/contracts';
import { Alert, App, Button, Card, Checkbox, Col, Row, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useMemo, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { formatDateTime } from '../../lib/time-zone';
import { useAdminTexts } from '../admin/use-admin-texts';
import { GroupForm } from '../platform-settings/GroupForm';
import { HistoryDrawer } from '../platform-settings/HistoryDrawer';
import { tenantControl } from './field-controls';
import { LookPreview } from './LookPreview';
import { tenantSettingsApi } from './tenant-settings-api';
import {
  passwordRuleChanged,
  tenantChangeTitle,
  tenantFieldProblem,
  tenantFieldsOf,
  tenantGroupBody,
} from './tenant-settings-form';
import { type TenantSettingsTexts, tenantSettingsTexts } from './tenant-settings-texts';
import '../admin/admin.css';
import { ConflictModal } from '../platform-settings/ConflictModal';
import { SettingsRecordPending, useSettingsRecord } from '../platform-settings/settings-record';
import { LogRetentionForm } from '../statistics/LogRetentionForm';

interface GroupTabProps {
  group: TenantSettingsGroup;
  answer: TenantSettingsAnswer;
  language: 'zh-CN' | 'en-US';
  texts: TenantSettingsTexts;
  onSaved(answer: TenantSettingsAnswer): void;
  onConflict(): void;
  onDraftChange?(values: Record<string, unknown>): void;
}

/** One group as the platform settings page's form, with the tenant's fields, controls and API. */
const GroupTab = ({ group, answer, language, texts, onSaved, onConflict, onDraftChange }: GroupTabProps) => {
  const { message } = App.useApp();
  const fields = useMemo(() => tenantFieldsOf(group), [group]);
  const [markMembers, setMarkMembers] = useState(false);
  const values = answer.settings[group] as Record<string, unknown>;
  return (
    <GroupForm<TenantSettingsAnswer>
      group={group}
      values={values}
      version={answer.version}
      language={language}
      texts={texts}
      fields={fields}
      problemOf={(key, value) => tenantFieldProblem(group, key, value)}
      renderControl={(field) => tenantControl(field, texts)}
      onDraftChange={onDraftChange}
      submit={(version, all) =>
        tenantSettingsApi.save(version, group, tenantGroupBody(group, all), {
          ...(group === 'security' && markMembers && passwordRuleChanged(values, all)
            ? { forcePasswordChangeForMembers: true }
            : {}),
        })
      }
      onSaved={(saved) => {
        if (saved.membersMarked) message.info(texts.membersMarked(saved.membersMarked));
        setMarkMembers(false);
        onSaved(saved);
      }}
      onConflict={onConflict}
      extraActions={
        group === 'security' ? (
          <Checkbox
            checked={markMembers}
            onChange={(event) => setMarkMembers(event.target.checked)}
            data-testid="mark-members"
          >
            {texts.markMembers}
          </Checkbox>
        ) : null
      }
    />
  );
};

/** page.html's view of /tenantSettings: the active tenant's own settings (issue 13). */
const TenantSettingsPage = () => {
  const { language } = useAdminTexts();
  const texts = useLocalizedTexts(tenantSettingsTexts);
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  const { answer, setAnswer, error, load } = useSettingsRecord(tenantSettingsApi.read);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [lookDraft, setLookDraft] = useState<Record<string, unknown> | null>(null);

  const historyApi = useMemo(
    () => ({ history: tenantSettingsApi.history, rollback: tenantSettingsApi.rollback }),
    [],
  );

  if (!answer) return <SettingsRecordPending error={error} texts={texts} onRetry={load} />;

  const titleOf = (group: TenantSettingsGroup) => {
    const title = TENANT_SETTINGS_TITLES.groups[group];
    return language === 'en-US' ? title.en : title.zh;
  };
  const common = {
    answer,
    language,
    texts,
    onSaved: setAnswer,
    onConflict: () => setConflict(true),
  };
  const tabOf = (group: TenantSettingsGroup) => {
    if (group === 'signInLook')
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text type="secondary">{texts.lookHint}</Typography.Text>
            <Typography.Link href={answer.loginPageUrl} target="_blank" data-testid="published-login">
              {texts.openPublished}
            </Typography.Link>
          </Space>
          <Row gutter={16}>
            <Col xs={24} xl={11}>
              <GroupTab group={group} {...common} onDraftChange={setLookDraft} />
            </Col>
            <Col xs={24} xl={13}>
              <LookPreview draft={lookDraft} texts={texts} />
            </Col>
          </Row>
        </Space>
      );
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {group === 'basics' ? texts.basicsHint : texts.securityHint}
        </Typography.Text>
        {group === 'security' ? (
          <Alert type="info" showIcon message={texts.floorsTitle} description={texts.floors(answer.floors)} />
        ) : null}
        <GroupTab group={group} {...common} />
      </Space>
    );
  };

  return (
    <div className="admin-page" style={{ padding: 16 }}>
      <Card
        title={`${texts.pageTitle} · ${answer.settings.basics.name}`}
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
          destroyOnHidden={false}
          items={[
            ...TENANT_SETTINGS_GROUPS.map((group) => ({
              key: group,
              label: titleOf(group),
              children: tabOf(group),
            })),
            // Kept by the statistics module (its own API and permission), set here with the rest.
            { key: 'logRetention', label: texts.logRetentionTab, children: <LogRetentionForm /> },
          ]}
        />
      </Card>
      <HistoryDrawer
        key={answer.version}
        open={historyOpen}
        currentVersion={answer.version}
        language={language}
        texts={texts}
        api={historyApi}
        titleOf={(path) => tenantChangeTitle(path, language)}
        onClose={() => setHistoryOpen(false)}
        onRolledBack={load}
        onConflict={() => setConflict(true)}
      />
      <ConflictModal open={conflict} texts={texts} onReload={load} onClose={() => setConflict(false)} />
    </div>
  );
};

const TenantSettingsView = () => (
  <App component={false}>
    <TenantSettingsPage />
  </App>
);

export default TenantSettingsView;
