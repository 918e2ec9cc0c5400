import { useQuery } from '@tanstack/react-query';
import {
  type PackageImpact,
  type PackageMenuNode,
  type PackageMenuTree,
  packagesResource,
} from '@uniwim/contracts';
import { Button, Empty, Space, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../../lib/api';
import type { AdminPageDefinition } from '../admin-routes';
import type { ModalApi } from '../RecordForm';
import { useAdminTexts } from '../use-admin-texts';

interface TreeTexts {
  expandAll: string;
  collapseAll: string;
  selectAll: string;
  selectNone: string;
  impactTitle: string;
  noImpact: string;
  gains: string;
  losses: string;
  tenant: string;
  roles: string;
  notCurrent: string;
  confirm: string;
  button: string;
}

const texts: Record<'zh-CN' | 'en-US', TreeTexts> = {
  'zh-CN': {
    expandAll: '展开全部',
    collapseAll: '折叠全部',
    selectAll: '全选',
    selectNone: '全不选',
    impactTitle: '保存后的影响',
    noImpact: '这次修改不影响任何租户。',
    gains: '新增',
    losses: '移除',
    tenant: '租户',
    roles: '角色',
    notCurrent: '（套餐当前未生效，暂不变化）',
    confirm: '确认保存',
    button: '按钮',
  },
  'en-US': {
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    selectAll: 'Select all',
    selectNone: 'Select none',
    impactTitle: 'What this change does',
    noImpact: 'No tenant is affected by this change.',
    gains: 'gains',
    losses: 'loses',
    tenant: 'Tenant',
    roles: 'Roles',
    notCurrent: ' (the package is not in effect today: nothing changes yet)',
    confirm: 'Save',
    button: 'button',
  },
};

const toTreeData = (tree: PackageMenuTree, t: TreeTexts): TreeDataNode[] => {
  const node = (menu: PackageMenuNode): TreeDataNode => ({
    key: menu.id,
    title: menu.type === 'button' ? `${menu.name}（${t.button}）` : menu.name,
    disabled: menu.disabled,
    children: menu.children.map(node),
  });
  // Applications are groups: choosing one chooses all its items.
  return tree.map((application) => ({
    key: `app:${application.id}`,
    title: application.name,
    children: application.menus.map(node),
  }));
};

const leavesAndAll = (data: TreeDataNode[]) => {
  const leaves = new Set<string>();
  const all: string[] = [];
  const walk = (nodes: TreeDataNode[]) => {
    for (const n of nodes) {
      all.push(String(n.key));
      if (!n.children?.length) leaves.add(String(n.key));
      else walk(n.children);
    }
  };
  walk(data);
  return { leaves, all };
};

/**
 * The package's menu items as a checkable tree of the catalogue: expand all, select all, and
 * parent-child linkage. The value is the chosen items with their ancestors (what the server keeps);
 * only leaves are handed to the tree, so a kept ancestor does not tick its unchosen children.
 */
const MenuTreePicker = ({ value, onChange }: { value?: unknown; onChange?(value: unknown): void }) => {
  const { language } = useAdminTexts();
  const t = texts[language];
  const tree = useQuery({
    queryKey: ['admin', 'packages', 'menu-tree'],
    queryFn: () => api.get<PackageMenuTree>('/dmp/admin/packages/menu-tree'),
  });
  const data = useMemo(() => (tree.data ? toTreeData(tree.data, t) : []), [tree.data, t]);
  const { leaves, all } = useMemo(() => leavesAndAll(data), [data]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const chosen = ((value as string[] | undefined) ?? []).filter((id) => leaves.has(id));
  const emit = (checked: string[], halfChecked: string[]) =>
    onChange?.([...new Set([...checked, ...halfChecked])].filter((key) => !key.startsWith('app:')));

  if (tree.isPending) return <Spin />;
  if (data.length === 0) return <Empty />;
  return (
    <div data-testid="package-menu-tree">
      <Space size={4} wrap>
        <Button size="small" onClick={() => setExpanded(all)}>
          {t.expandAll}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t.collapseAll}
        </Button>
        <Button size="small" onClick={() => emit(all, [])}>
          {t.selectAll}
        </Button>
        <Button size="small" onClick={() => emit([], [])}>
          {t.selectNone}
        </Button>
      </Space>
      <Tree
        checkable
        selectable={false}
        treeData={data}
        checkedKeys={chosen}
        expandedKeys={expanded ?? data.map((n) => String(n.key))}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(checked, info) =>
          emit(
            (Array.isArray(checked) ? checked : checked.checked).map(String),
            (info.halfCheckedKeys ?? []).map(String),
          )
        }
        style={{ marginTop: 8, maxHeight: 360, overflow: 'auto' }}
      />
    </div>
  );
};

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join('、');

/** Before a package's menus change, what each tenant and role holding it would gain and lose. */
const confirmImpact = async (
  body: Record<string, unknown>,
  record: { id: string } | undefined,
  { language, modal }: { language: 'zh-CN' | 'en-US'; modal: ModalApi },
) => {
  if (!record || !Array.isArray(body.menuIds)) return true;
  const t = texts[language];
  const impact = await api.post<PackageImpact>(
    `/dmp/admin/packages/${encodeURIComponent(record.id)}/impact`,
    {
      menuIds: body.menuIds,
    },
  );
  const affected = impact.tenants.filter(
    (tenant) => tenant.gains.length + tenant.losses.length + tenant.roles.length > 0,
  );
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title: t.impactTitle,
      width: 640,
      okText: t.confirm,
      content:
        affected.length === 0 ? (
          <Typography.Text>{t.noImpact}</Typography.Text>
        ) : (
          <ul data-testid="package-impact" style={{ paddingLeft: 18, maxHeight: 360, overflow: 'auto' }}>
            {affected.map((tenant) => (
              <li key={tenant.tenantId}>
                <Typography.Text strong>{tenant.tenantName}</Typography.Text>
                {!tenant.current && t.notCurrent}
                {tenant.gains.length > 0 && <div>{`${t.gains}: ${names(tenant.gains)}`}</div>}
                {tenant.losses.length > 0 && <div>{`${t.losses}: ${names(tenant.losses)}`}</div>}
                {tenant.roles.map((role) => (
                  <div key={role.roleId}>
                    {`${t.roles} ${role.roleName}: `}
                    {role.gains.length > 0 && `${t.gains} ${names(role.gains)} `}
                    {role.losses.length > 0 && `${t.losses} ${names(role.losses)}`}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        ),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
};

/** /dmpEmpower: packages of applications and menus that tenants hold. */
export const packagesPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: packagesResource,
      fieldControls: { menuIds: MenuTreePicker },
      beforeSave: confirmImpact,
    },
  ],
};
