import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Switch,
  Tag,
  Tree,
  type TreeProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { api } from '../../../../lib/api';
import {
  buildDepartmentTree,
  DEPARTMENTS,
  type DepartmentNode,
  fetchDepartmentTree,
  matchingIds,
} from './department-api';
import { tenantUsersTexts } from './texts';

type Editing = { mode: 'create'; parent: DepartmentNode } | { mode: 'rename'; node: DepartmentNode } | null;

export const DEPARTMENT_TREE_KEY = ['admin', 'departments', 'tree'];

/**
 * The organisation chart beside the user list: pick a department (with or without its
 * sub-departments), and, with the department permissions, add, rename, disable, delete, and move
 * a department by dragging it (the server refuses a cycle or a sixth level, and says why).
 */
export const DepartmentTree = ({
  selected,
  onSelect,
  subDepartments,
  onSubDepartmentsChange,
  may,
}: {
  selected?: string;
  onSelect(id: string | undefined): void;
  subDepartments: boolean;
  onSubDepartmentsChange(on: boolean): void;
  may(code: string): boolean;
}) => {
  const texts = useLocalizedTexts(tenantUsersTexts);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const tree = useQuery({ queryKey: DEPARTMENT_TREE_KEY, queryFn: fetchDepartmentTree });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEPARTMENT_TREE_KEY }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    ]);

  const roots = useMemo(() => buildDepartmentTree(tree.data ?? []), [tree.data]);
  const byId = useMemo(() => {
    const map = new Map<string, DepartmentNode>();
    const walk = (node: DepartmentNode) => {
      map.set(node.id, node);
      node.children.forEach(walk);
    };
    roots.forEach(walk);
    return map;
  }, [roots]);
  const shown = useMemo(() => matchingIds(tree.data ?? [], search), [tree.data, search]);

  const act = async (work: () => Promise<unknown>, done = texts.done) => {
    try {
      await work();
      message.success(done);
      await refresh();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  const menuOf = (node: DepartmentNode) => {
    const items = [
      may('department:create') && node.depth < 5 && { key: 'add', label: texts.addChild },
      may('department:update') && { key: 'rename', label: texts.rename },
      may('department:update') &&
        node.parentId !== null && {
          key: node.status === 'active' ? 'disable' : 'enable',
          label: node.status === 'active' ? texts.disable : texts.enable,
        },
      may('department:delete') &&
        node.parentId !== null && { key: 'delete', label: texts.delete, danger: true },
    ].filter(Boolean) as { key: string; label: string; danger?: boolean }[];
    const onClick = ({ key }: { key: string }) => {
      if (key === 'add') {
        form.resetFields();
        setEditing({ mode: 'create', parent: node });
      } else if (key === 'rename') {
        form.setFieldsValue({ name: node.name });
        setEditing({ mode: 'rename', node });
      } else if (key === 'enable' || key === 'disable') {
        void act(() => api.post(`${DEPARTMENTS}/${encodeURIComponent(node.id)}/${key}`, {}));
      } else if (key === 'delete') {
        modal.confirm({
          title: texts.confirmDelete(node.name),
          okButtonProps: { danger: true },
          okText: texts.delete,
          cancelText: texts.cancel,
          onOk: () =>
            act(async () => {
              await api.request(`${DEPARTMENTS}/${encodeURIComponent(node.id)}`, { method: 'DELETE' });
              if (selected === node.id) onSelect(undefined);
            }),
        });
      }
    };
    return { items, onClick };
  };

  const toData = (nodes: DepartmentNode[]): TreeProps['treeData'] =>
    nodes
      .filter((node) => !shown || shown.has(node.id))
      .map((node) => {
        const menu = menuOf(node);
        return {
          key: node.id,
          title: (
            <span className="department-tree__node" data-testid={`department-${node.name}`}>
              <span className={node.status === 'disabled' ? 'department-tree__name--disabled' : undefined}>
                {node.name}
              </span>
              <span className="department-tree__count">({node.totalMembers})</span>
              {node.status === 'disabled' && <Tag>{texts.disabled}</Tag>}
              {menu.items.length > 0 && (
                <Dropdown menu={menu} trigger={['click']}>
                  <Button
                    type="text"
                    size="small"
                    icon={<MoreOutlined />}
                    aria-label={`${node.name} …`}
                    onClick={(event) => event.stopPropagation()}
                    data-testid={`department-menu-${node.name}`}
                  />
                </Dropdown>
              )}
            </span>
          ),
          children: toData(node.children),
        };
      });

  /** Dropped on a node: under it; dropped in a gap: beside it, under its parent, at that place. */
  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(String(info.dragNode.key));
    const target = byId.get(String(info.node.key));
    if (!dragged || !target) return;
    const parentId = info.dropToGap ? target.parentId : target.id;
    if (!parentId) return;
    const position = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    const sort = info.dropToGap ? target.sort + (position > 0 ? 1 : 0) : 0;
    void act(
      () =>
        api.post(`${DEPARTMENTS}/${encodeURIComponent(dragged.id)}/move`, {
          parentId,
          sort,
          version: dragged.version,
        }),
      texts.moved,
    );
  };

  const save = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      if (editing?.mode === 'create') {
        await api.post(DEPARTMENTS, { parentId: editing.parent.id, name });
      } else if (editing?.mode === 'rename') {
        await api.request(`${DEPARTMENTS}/${encodeURIComponent(editing.node.id)}`, {
          method: 'PUT',
          body: { name, version: editing.node.version },
        });
      }
      message.success(texts.done);
      setEditing(null);
      await refresh();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const root = roots[0];
  return (
    <div className="department-tree" data-testid="department-tree">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <strong>{texts.departments}</strong>
          {root && may('department:create') && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                setEditing({ mode: 'create', parent: byId.get(selected ?? '') ?? root });
              }}
              data-testid="department-create"
            >
              {texts.newDepartment}
            </Button>
          )}
        </Space>
        <Input.Search
          allowClear
          placeholder={texts.searchDepartments}
          onChange={(e) => setSearch(e.target.value)}
        />
        {/* The label names the switch (and a click on its text toggles it). */}
        <label className="switch-label">
          <Switch
            size="small"
            checked={subDepartments}
            onChange={onSubDepartmentsChange}
            data-testid="sub-departments"
          />
          <span>{texts.subDepartments}</span>
        </label>
        {tree.isError && (
          <Alert
            type="error"
            title={texts.loadFailed}
            action={<Button onClick={() => void tree.refetch()}>{texts.retry}</Button>}
          />
        )}
        {tree.isPending ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            {...(shown ? { expandedKeys: [...shown] } : {})}
            draggable={may('department:update') ? { icon: false } : false}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => onSelect(keys.length > 0 ? String(keys[0]) : undefined)}
            onDrop={onDrop}
            treeData={toData(roots)}
          />
        )}
      </Space>
      <Modal
        open={editing !== null}
        title={
          editing?.mode === 'rename'
            ? texts.renameDepartment
            : `${texts.newDepartment}${editing?.mode === 'create' ? `（${editing.parent.name}）` : ''}`
        }
        okText={texts.confirm}
        cancelText={texts.cancel}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item
            name="name"
            label={texts.departmentName}
            rules={[{ required: true, whitespace: true, message: texts.nameRequired }, { max: 64 }]}
          >
            <Input maxLength={64} autoFocus data-testid="department-name" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
