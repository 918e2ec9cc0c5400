import { useMutation, useQuery } from '@tanstack/react-query';
import { type AdminScope, conditionSyntaxError, type MenuConditionCheck } from '@uniwim/contracts';
import { Alert, Button, Collapse, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { FieldControl } from '../../RecordForm';
import { menuApi } from './menu-api';
import { menuTexts } from './menu-texts';

const ResultView = ({ result }: { result: MenuConditionCheck }) => {
  const t = useLocalizedTexts(menuTexts);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="condition-result">
      {result.valid ? (
        <Alert
          type={result.visible ? 'success' : 'warning'}
          showIcon
          message={result.visible ? t.visible : t.hidden}
          description={t.valid}
        />
      ) : (
        <Alert type="error" showIcon message={t.invalid(result.error ?? '')} />
      )}
      <Collapse
        size="small"
        items={[
          {
            key: 'scope',
            label: t.scope,
            children: <pre className="menu-editor__scope">{JSON.stringify(result.scope, null, 2)}</pre>,
          },
        ]}
      />
    </Space>
  );
};

/**
 * Evaluates a condition for a chosen member with the shell's own evaluator, on the server (the
 * member as the shell knows them, the item as the shell normalises it). The platform picks the
 * tenant among those using the application; a tenant's page checks its own members.
 */
export const ConditionChecker = ({
  scope,
  applicationId,
  condition,
  menuId,
}: {
  scope: AdminScope;
  applicationId: string;
  condition: string;
  menuId?: string;
}) => {
  const t = useLocalizedTexts(menuTexts);
  const calls = menuApi(scope);
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [tenantQ, setTenantQ] = useState('');
  const [accountId, setAccountId] = useState<string | undefined>();
  const [memberQ, setMemberQ] = useState('');
  const [active, setActive] = useState<'none' | 'same'>('none');
  const tenants = useQuery({
    queryKey: ['admin', 'menus', 'tenant-options', applicationId, tenantQ],
    queryFn: () => calls.tenantOptions(applicationId, tenantQ),
    enabled: scope === 'dmp',
  });
  const members = useQuery({
    queryKey: ['admin', 'menus', scope, 'member-options', tenantId, memberQ],
    queryFn: () => calls.memberOptions(tenantId, memberQ),
    enabled: scope === 'ump' || tenantId !== undefined,
  });
  const check = useMutation({
    mutationFn: () =>
      calls.checkCondition({
        condition,
        accountId: accountId!,
        ...(scope === 'dmp' ? { tenantId } : {}),
        ...(menuId ? { menuId } : {}),
        ...(menuId && active === 'same' ? { activeMenuId: menuId } : {}),
      }),
  });

  return (
    <div className="menu-editor__checker" data-testid="condition-checker">
      <Typography.Text type="secondary">{t.checkerHint}</Typography.Text>
      <Space wrap style={{ marginTop: 8 }}>
        {scope === 'dmp' && (
          <Select
            style={{ width: 180 }}
            placeholder={t.chooseTenant}
            showSearch={{ filterOption: false, onSearch: setTenantQ }}
            loading={tenants.isFetching}
            value={tenantId}
            onChange={(next) => {
              setTenantId(next);
              setAccountId(undefined);
            }}
            options={(tenants.data ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }))}
            data-testid="condition-tenant"
          />
        )}
        <Select
          style={{ width: 200 }}
          placeholder={t.chooseMember}
          showSearch={{ filterOption: false, onSearch: setMemberQ }}
          loading={members.isFetching}
          disabled={scope === 'dmp' && !tenantId}
          value={accountId}
          onChange={setAccountId}
          options={(members.data ?? []).map((member) => ({
            value: member.accountId,
            label: `${member.name}（${member.username}）`,
          }))}
          data-testid="condition-member"
        />
        {menuId && (
          <Radio.Group value={active} onChange={(event) => setActive(event.target.value)} size="small">
            <Radio.Button value="none">{`${t.activeMenu}: ${t.activeNone}`}</Radio.Button>
            <Radio.Button value="same">{t.activeSame}</Radio.Button>
          </Radio.Group>
        )}
        <Button
          onClick={() => check.mutate()}
          loading={check.isPending}
          disabled={!accountId}
          data-testid="condition-check"
        >
          {t.check}
        </Button>
      </Space>
      {!menuId && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t.checkNeedsItem}
        </Typography.Paragraph>
      )}
      {check.error && (
        <Alert type="error" showIcon message={(check.error as Error).message} style={{ marginTop: 8 }} />
      )}
      {check.data && (
        <div style={{ marginTop: 8 }}>
          <ResultView result={check.data} />
        </div>
      )}
    </div>
  );
};

/**
 * The condition's input in the item form: the text, what the shell's parser says of it as it is
 * typed (the form refuses to save what it cannot parse), and the checker for a chosen member.
 */
export const conditionField =
  (scope: AdminScope, applicationId: string): FieldControl =>
  ({ value, onChange, record }) => {
    const t = useLocalizedTexts(menuTexts);
    const text = typeof value === 'string' ? value : '';
    const error = text.trim() === '' ? null : conditionSyntaxError(text.trim());
    return (
      <div>
        <Input.TextArea
          value={text}
          status={error ? 'error' : undefined}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="currentUser.isAdmin && currentMenu.Name != ''"
          data-testid="menu-condition"
        />
        {error && (
          <Typography.Text type="danger" data-testid="menu-condition-error">
            {t.conditionInvalid(error)}
          </Typography.Text>
        )}
        <Collapse
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'check',
              label: t.checker,
              children: (
                <ConditionChecker
                  scope={scope}
                  applicationId={applicationId}
                  condition={text}
                  menuId={record?.id}
                />
              ),
            },
          ]}
        />
      </div>
    );
  };
