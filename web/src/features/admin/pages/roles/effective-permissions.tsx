import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DATA_SCOPE_OPTIONS,
  type EffectivePermissions,
  PERMISSIONS,
  type PermissionCode,
} from '@uniwim/contracts';
import { Alert, Button, Descriptions, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../../lib/api';
import type { Language } from '../../../../lib/language';
import { localText } from '../../cells';
import { useAdminTexts } from '../../use-admin-texts';
import { MemberPicker } from './role-users';
import { type RolesTexts, rolesTexts } from './roles-texts';

const scopeLabel = (kind: string, language: Language) =>
  localText(
    DATA_SCOPE_OPTIONS.find((option) => option.value === kind)?.label ?? { zh: kind, en: kind },
    language,
  );

const roleTags = (roles: { id: string; name: string }[]) =>
  roles.map((role) => <Tag key={role.id}>{role.name}</Tag>);

const EffectiveView = ({
  effective,
  t,
  language,
}: {
  effective: EffectivePermissions;
  t: RolesTexts;
  language: Language;
}) => {
  const scope = effective.dataScope;
  const scopeText = scope.all
    ? t.allData
    : [
        scope.departmentNames.length > 0 ? `${t.departments}: ${scope.departmentNames.join('、')}` : null,
        scope.subtreeNames.length > 0 ? `${t.subtrees}: ${scope.subtreeNames.join('、')}` : null,
        t.ownRecords,
      ]
        .filter(Boolean)
        .join('；');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="effective-permissions">
      {effective.memberStatus !== 'active' && <Alert type="warning" showIcon message={t.disabledMember} />}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t.account}>{effective.username}</Descriptions.Item>
        <Descriptions.Item label={t.name}>{effective.name}</Descriptions.Item>
        <Descriptions.Item label={t.department}>{effective.departmentName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t.roles}>
          {effective.roles.length === 0
            ? t.nothing
            : effective.roles.map((role) => (
                <Tag key={role.id} color={role.status === 'active' ? 'blue' : 'default'}>
                  {role.name}
                  {role.status === 'active' ? '' : t.disabledRole}
                  {` · ${scopeLabel(role.dataScope, language)}`}
                  {role.departmentNames.length > 0 ? `（${role.departmentNames.join('、')}）` : ''}
                </Tag>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={t.dataScope} span={2}>
          <span data-testid="effective-scope">{scopeText}</span>
          {scope.roles.length > 0 && (
            <Typography.Text type="secondary">
              {` ${t.fromRoles}: `}
              {roleTags(scope.roles)}
            </Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{`${t.menus} (${effective.menus.length})`}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={effective.menus}
        columns={[
          { key: 'applicationName', dataIndex: 'applicationName', title: '' },
          { key: 'name', dataIndex: 'name', title: t.menus },
          { key: 'roles', dataIndex: 'roles', title: t.fromRoles, render: roleTags },
        ]}
      />
      <Typography.Title level={5}>{`${t.permissions} (${effective.permissions.length})`}</Typography.Title>
      <Table
        size="small"
        rowKey="code"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={effective.permissions}
        columns={[
          {
            key: 'title',
            dataIndex: 'code',
            title: t.permissions,
            render: (code: string) =>
              `${localText(PERMISSIONS[code as PermissionCode]?.title ?? { zh: code, en: code }, language)} (${code})`,
          },
          { key: 'roles', dataIndex: 'roles', title: t.fromRoles, render: roleTags },
        ]}
      />
    </Space>
  );
};

const EffectiveModal = ({ initialAccountId, onClose }: { initialAccountId?: string; onClose(): void }) => {
  const { language } = useAdminTexts();
  const t = rolesTexts[language];
  const [accountId, setAccountId] = useState<string | undefined>(initialAccountId);
  const effective = useQuery({
    queryKey: ['admin', 'roles', 'effective', accountId],
    enabled: accountId !== undefined,
    queryFn: () =>
      api.get<EffectivePermissions>('/ump/admin/roles/effective-permissions', { query: { accountId } }),
  });
  return (
    <Modal open width={860} title={t.effectiveTitle} footer={null} onCancel={onClose}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {initialAccountId === undefined && (
          <MemberPicker
            multiple={false}
            testId="effective-member"
            placeholder={t.pickMember}
            value={accountId}
            onChange={(next) => setAccountId(next as string | undefined)}
          />
        )}
        {effective.isFetching && <Spin />}
        {effective.error && <Alert type="error" showIcon message={(effective.error as Error).message} />}
        {effective.data && !effective.isFetching && (
          <EffectiveView effective={effective.data} t={t} language={language} />
        )}
      </Space>
    </Modal>
  );
};

/** The role page's toolbar "有效权限": pick any user of the tenant, see what they hold and from which role. */
export const EffectivePermissionsButton = ({ may }: { may(code: string | undefined): boolean }) => {
  const { language } = useAdminTexts();
  const [open, setOpen] = useState(false);
  if (!may('role:effective-permissions')) return null;
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-testid="effective-open">
        {rolesTexts[language].effective}
      </Button>
      {open && <EffectiveModal onClose={() => setOpen(false)} />}
    </>
  );
};

/** The same for one user, as a user row's button (a RowExtras of the user page; its row id is the account). */
export const UserEffectivePermissionsButton = ({
  record,
  may,
}: {
  record: { id: string };
  may(code: string | undefined): boolean;
}) => {
  const { language } = useAdminTexts();
  const [open, setOpen] = useState(false);
  if (!may('role:effective-permissions')) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="user-effective-open">
        {rolesTexts[language].effective}
      </Button>
      {open && <EffectiveModal initialAccountId={record.id} onClose={() => setOpen(false)} />}
    </>
  );
};
