import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleMember } from '@uniwim/contracts';
import { App, Button, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../../../lib/api';
import type { AdminRow } from '../../resource-api';
import { useAdminTexts } from '../../use-admin-texts';
import { rolesTexts } from './roles-texts';

const ROLES = '/ump/admin/roles';

interface MembersPage {
  items: RoleMember[];
  total: number;
}

/** Members of the tenant searched as the user types (20 at most), leaving out the role's holders. */
export const MemberPicker = ({
  value,
  onChange,
  notInRole,
  multiple,
  placeholder,
  testId,
}: {
  value: string[] | string | undefined;
  onChange(value: string[] | string | undefined): void;
  notInRole?: string;
  multiple: boolean;
  placeholder: string;
  testId: string;
}) => {
  const [q, setQ] = useState('');
  const options = useQuery({
    queryKey: ['admin', 'roles', 'member-options', q, notInRole],
    queryFn: ({ signal }) =>
      api.get<RoleMember[]>(`${ROLES}/member-options`, { query: { q: q || undefined, notInRole }, signal }),
  });
  return (
    <Select
      data-testid={testId}
      style={{ minWidth: 320 }}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      placeholder={placeholder}
      loading={options.isFetching}
      value={value}
      onChange={onChange}
      options={(options.data ?? []).map((member) => ({
        value: member.accountId,
        label: `${member.name} (${member.username})${member.departmentName ? ` · ${member.departmentName}` : ''}`,
      }))}
    />
  );
};

/**
 * The users holding a role: a searchable, paged list; add with a picker that searches the tenant's
 * members; remove one or several. Each change is the role's action, logged with the role.
 */
const RoleUsersDrawer = ({
  role,
  mayAssign,
  onClose,
  onChanged,
}: {
  role: AdminRow;
  mayAssign: boolean;
  onClose(): void;
  onChanged(): void;
}) => {
  const { language } = useAdminTexts();
  const t = rolesTexts[language];
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [picked, setPicked] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const holders = useQuery({
    queryKey: ['admin', 'roles', 'users', role.id, q, paging],
    queryFn: ({ signal }) =>
      api.get<MembersPage>(`${ROLES}/${encodeURIComponent(role.id)}/users`, {
        query: { q: q || undefined, ...paging },
        signal,
      }),
  });
  const act = async (verb: 'add-users' | 'remove-users', accountIds: string[]) => {
    setBusy(true);
    try {
      await api.post(`${ROLES}/${encodeURIComponent(role.id)}/${verb}`, { accountIds });
      message.success(t.done);
      setPicked([]);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'roles'] });
      onChanged();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirmRemove = (accountIds: string[]) =>
    modal.confirm({
      title: t.confirmRemove(accountIds.length),
      okButtonProps: { danger: true },
      onOk: () => act('remove-users', accountIds),
    });

  return (
    <Drawer open width={760} title={t.usersOf(String(role.name))} onClose={onClose} data-testid="role-users">
      <Space direction="vertical" style={{ width: '100%' }}>
        {mayAssign && (
          <Space wrap>
            <MemberPicker
              multiple
              testId="role-users-picker"
              notInRole={role.id}
              placeholder={t.addPlaceholder}
              value={picked}
              onChange={(next) => setPicked((next as string[] | undefined) ?? [])}
            />
            <Button
              type="primary"
              disabled={picked.length === 0}
              loading={busy}
              onClick={() => void act('add-users', picked)}
              data-testid="role-users-add"
            >
              {t.add}
            </Button>
            {selected.length > 0 && (
              <Button danger onClick={() => confirmRemove(selected)} data-testid="role-users-remove-selected">
                {t.removeSelected(selected.length)}
              </Button>
            )}
          </Space>
        )}
        <Input.Search
          allowClear
          placeholder={t.search}
          onSearch={(value) => {
            setQ(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Table<RoleMember>
          rowKey="accountId"
          size="small"
          loading={holders.isFetching}
          dataSource={holders.data?.items ?? []}
          rowSelection={
            mayAssign
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
              : undefined
          }
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: holders.data?.total ?? 0,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          columns={[
            { key: 'username', dataIndex: 'username', title: t.account },
            { key: 'name', dataIndex: 'name', title: t.name },
            { key: 'mobile', dataIndex: 'mobile', title: t.mobile },
            { key: 'departmentName', dataIndex: 'departmentName', title: t.department },
            {
              key: 'status',
              dataIndex: 'status',
              title: t.status,
              render: (status: string) =>
                status === 'active' ? <Tag color="green">{t.active}</Tag> : <Tag>{t.disabled}</Tag>,
            },
            ...(mayAssign
              ? [
                  {
                    key: 'remove',
                    title: '',
                    render: (_: unknown, member: RoleMember) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => confirmRemove([member.accountId])}
                      >
                        {t.remove}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Drawer>
  );
};

/** The row's "分配用户" button (PageExtras.RowExtras). */
export const RoleUsersButton = ({
  record,
  may,
  refresh,
}: {
  record: AdminRow;
  may(code: string | undefined): boolean;
  refresh(): void;
}) => {
  const { language } = useAdminTexts();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="role-users-open">
        {rolesTexts[language].users}
      </Button>
      {open && (
        <RoleUsersDrawer
          role={record}
          mayAssign={may('role:assign-users')}
          onClose={() => setOpen(false)}
          onChanged={refresh}
        />
      )}
    </>
  );
};
